import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { SelectField } from "#app/components/select-field.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { FormProblem, type StaffFormReply } from "#app/features/staff/index.ts";
import type { teamMemberSchema } from "../schemas.ts";
import { type ContentKind, type TeamMember } from "../types.ts";

const roleNames = { owner: "Owner", teacher: "Teacher" } as const;

/**
 * Who may change this course or quiz. Owners (and administrators) add people by the address they
 * sign in with, before or after their first sign-in, change their role and take them off.
 */
export function TeamSection({
  kind,
  team,
  canManage,
  reply,
}: {
  kind: ContentKind;
  team: TeamMember[];
  canManage: boolean;
  reply: StaffFormReply | undefined;
}) {
  const own = reply?.form === "team" ? reply : undefined;
  const [form, fields] = useForm<z.input<typeof teamMemberSchema>>({ id: "team", lastResult: own?.result });
  const busyWith = useNavigation().formData;
  return (
    <section id="team" aria-labelledby="team-heading" className="scroll-mt-24 space-y-4">
      <h2 id="team-heading" className="section-title">
        Team
      </h2>
      <p className="text-muted">
        The {kind}'s owners and teachers change it; owners also choose who is on its team. Administrators can change every {kind}.
      </p>
      <FormProblem message={own?.message} />
      {team.length === 0 ? (
        <p>No one is on this {kind}'s team yet: only administrators can change it.</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200">
          {team.map((member) => (
            <li key={member.email} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
              <span className="min-w-0 flex-1">
                <span className="font-semibold">{member.name ?? "Not signed in yet"}</span>{" "}
                <span className="break-all text-muted">{member.email}</span>
              </span>
              <span className="rounded-full bg-gray-100 px-3 py-0.5 text-sm">{roleNames[member.role]}</span>
              {canManage && (
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="email" value={member.email} />
                  <input type="hidden" name="role" value={member.role === "owner" ? "teacher" : "owner"} />
                  <button type="submit" name="intent" value="team-put" className="btn-light border border-gray-300 text-sm">
                    Make {member.role === "owner" ? "teacher" : "owner"}
                    <span className="sr-only"> {member.email}</span>
                  </button>
                  <button type="submit" name="intent" value="team-remove" className="btn-light border border-red-300 text-sm text-red-800">
                    Remove<span className="sr-only"> {member.email}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <TextField
            key={fields.email.key}
            {...conformFieldProps(fields.email)}
            type="email"
            autoComplete="off"
            label="Add a teacher by email"
            hint="The address they sign in with; they may not have signed in yet."
            required
            maxLength={254}
          />
          <SelectField
            id={fields.role.id}
            name="role"
            label="Role"
            defaultValue="teacher"
            error={fields.role.errors?.[0]}
            options={[
              { value: "teacher", label: "Teacher" },
              { value: "owner", label: "Owner" },
            ]}
          />
          <SubmitButton name="intent" value="team-put" busy={busyWith?.get("intent") === "team-put"} className="btn-primary">
            Add to the team
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
