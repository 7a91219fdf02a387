import { EmailAddress } from "#app/components/email-address.tsx";
import { CertificatesSection } from "#app/features/certificates/components/certificates-section.tsx";
import { certificatesOf } from "#app/features/certificates/index.server.ts";
import { getFormProps, useForm } from "@conform-to/react";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { PageHeader } from "#app/components/page-header.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { servicesContext } from "#app/context.ts";
import { saveContactDetails } from "#app/features/accounts/contact-details.server.ts";
import { findAccountById } from "#app/features/accounts/queries.server.ts";
import { ADDRESS_MAX_LENGTH } from "#app/features/accounts/limits.ts";
import type { accountContactSchema } from "#app/features/accounts/schemas.ts";
import { courseCatalogue } from "#app/features/courses/catalogue.server.ts";
import { finishedLessonIds } from "#app/features/courses/progress.server.ts";
import { bestScoresByQuiz } from "#app/features/quizzes/attempts.server.ts";
import { quizCatalogue } from "#app/features/quizzes/catalogue.server.ts";
import { ReadingListSection } from "#app/features/library/components/reading-list-section.tsx";
import { readingListOf } from "#app/features/library/reading-list.server.ts";
import { percentage } from "#app/lib/text/percentage.ts";
import { isStaffFor, moderatorRoles } from "#app/features/auth/roles.ts";
import { contentRoles } from "#app/features/auth/index.ts";
import { initials } from "#app/lib/text/initials.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import { requireUser } from "#app/features/auth/index.server.ts";
import { SubmitButton } from "#app/components/submit-button.tsx";
import type { Route } from "./+types/profile";

export const meta = () => pageMeta("Profile");

/** Signed-in people only; visitors go to sign in and come back here. */
export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = requireUser(context, "/profile");
  const { db, identityProvider } = context.get(servicesContext);
  // Phone and address live in our accounts table, so only with the built-in provider.
  const [account, bestScores, finishedLessons, readingList, courses, quizzes, certificates] = await Promise.all([
    identityProvider ? findAccountById(db, signedIn.user.sub) : undefined,
    bestScoresByQuiz(db, signedIn.user.sub),
    finishedLessonIds(db, signedIn.user.sub),
    readingListOf(db, signedIn.user.sub),
    courseCatalogue(db),
    quizCatalogue(db),
    certificatesOf(db, signedIn.user.sub),
  ]);
  return {
    quizScores: quizzes.quizzes.flatMap((quiz) => {
      const score = bestScores.get(quiz.slug);
      return score
        ? [
            {
              label: `${quiz.title} quiz`,
              href: `/test/${quiz.slug}`,
              percent: percentage(score.bestPercent, 100),
              detail: `best of ${score.attempts}`,
            },
          ]
        : [];
    }),
    lessonsFinished: courses.courses.flatMap((course) => {
      // Only the lessons the course has now: progress stays with a lesson taken out or unpublished.
      const finished = course.lessons.filter((lesson) => finishedLessons.has(lesson.id)).length;
      const total = course.lessons.length;
      return finished
        ? [
            {
              label: course.title,
              href: course.paths[0]!,
              percent: percentage(finished, total),
              detail: `${finished} of ${total} lessons`,
            },
          ]
        : [];
    }),
    user: signedIn.user,
    editable: Boolean(account),
    phone: account?.phone ?? null,
    address: account?.address ?? null,
    readingList,
    certificates,
  };
}

/** The person's own phone and address: the only details this site keeps about them. */
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = requireUser(context, "/profile");
  const services = context.get(servicesContext);
  if (!services.identityProvider) throw data("Details are kept by the sign-in service", { status: 404 });
  return saveContactDetails(request, signedIn.user.sub, services);
}

interface StatusRow {
  label: string;
  href: string;
  percent: number;
  detail: string;
}

/** A 'Project Status' card: the learner's real progress, or plainly none yet. */
function ProjectStatus({ id, title, rows, empty }: { id: string; title: string; rows: StatusRow[]; empty: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 p-6 shadow-sm lg:col-span-1">
      <h2 id={id} className="text-xl font-bold">
        Project Status <span className="block text-base font-normal text-muted">{title}</span>
      </h2>
      {rows.length === 0 ? (
        <p className="mt-4 text-muted">{empty}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.map((row) => (
            <li key={row.label}>
              <span className="flex justify-between gap-2 text-sm">
                <Link to={row.href} className="underline">
                  {row.label}
                </Link>{" "}
                <span>
                  {row.percent}% <span className="text-muted">({row.detail})</span>
                </span>
              </span>
              <progress
                className="block h-2 w-full accent-brand-700"
                max={100}
                value={row.percent}
                aria-label={`${row.label}: ${row.percent}%`}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ContactDetailsForm({
  phone,
  address,
  result,
}: {
  phone: string | null;
  address: string | null;
  result: Route.ComponentProps["actionData"];
}) {
  const [form, fields] = useForm<z.input<typeof accountContactSchema>>({
    id: "profile",
    lastResult: result,
    defaultValue: { phone: phone ?? "", address: address ?? "" },
  });
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="contact-heading" className="rounded-lg border border-gray-200 p-6 shadow-sm lg:col-span-3">
      <h2 id="contact-heading" className="text-xl font-bold">
        Update your contact details
      </h2>
      {/* From this answer only: another post from the page (a book removed from the reading list) ends it. */}
      {result?.status === "success" && (
        <p role="status" className="mt-4 rounded-md bg-emerald-50 p-3 text-emerald-900">
          Your contact details were saved.
        </p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 md:grid-cols-2">
        <TextField key={fields.phone.key} {...conformFieldProps(fields.phone)} label="Phone" type="tel" autoComplete="tel" required />
        <TextField
          key={fields.address.key}
          {...conformFieldProps(fields.address)}
          label="Address"
          multiline
          maxLength={ADDRESS_MAX_LENGTH}
          autoComplete="street-address"
        />
        <div className="md:col-span-2">
          <SubmitButton busy={busy}>Save details</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, phone, address, editable } = loaderData;
  const details: [string, ReactNode][] = [
    ["Full Name", user.name],
    ["User Id", user.sub],
    ["Email", user.email ? <EmailAddress address={user.email} /> : "—"],
    ["Phone", phone ?? "—"],
    ["Address", address ?? "—"],
  ];
  return (
    <>
      <PageHeader title="Profile" />
      <div className="section grid gap-8 lg:grid-cols-3">
        <section aria-label="Your account" className="rounded-lg border border-gray-200 p-6 text-center shadow-sm">
          {user.picture ? (
            <img src={user.picture} alt="" width={120} height={120} className="mx-auto size-30 rounded-full" />
          ) : (
            <span
              aria-hidden="true"
              className="mx-auto flex size-30 items-center justify-center rounded-full bg-brand-700 text-4xl font-bold text-white"
            >
              {initials(user.name)}
            </span>
          )}
          <h2 className="mt-4 text-2xl font-bold">{user.name}</h2>
          <p className="text-muted">Full Stack Developer</p>
          <p className="text-sm text-muted">Chennai, Tamil Nadu</p>
          {isStaffFor(contentRoles, user.role) && (
            <p className="mt-4">
              <Link to="/staff" className="text-brand-800 underline">
                Staff area: courses and quizzes
              </Link>
            </p>
          )}
          {isStaffFor(moderatorRoles, user.role) && (
            <p className="mt-4">
              <Link to="/staff/messages" className="text-brand-800 underline">
                Staff: contact messages
              </Link>
            </p>
          )}
        </section>
        <section aria-labelledby="details-heading" className="rounded-lg border border-gray-200 p-6 shadow-sm lg:col-span-2">
          <h2 id="details-heading" className="text-xl font-bold">
            Details
          </h2>
          <dl className="mt-4 divide-y divide-gray-200">
            {details.map(([term, value]) => (
              <div key={term} className="grid grid-cols-3 gap-4 py-3">
                <dt className="font-semibold">{term}</dt>
                <dd className="col-span-2 break-words text-muted">{value}</dd>
              </div>
            ))}
          </dl>
          {editable && (
            <p className="mt-4">
              <Link to="/profile/email" className="text-brand-800 underline">
                Change email address
              </Link>
            </p>
          )}
        </section>
        {editable && <ContactDetailsForm phone={phone} address={address} result={actionData} />}
        <ProjectStatus
          id="status-quizzes"
          title="Best quiz scores"
          rows={loaderData.quizScores}
          empty={
            <>
              No quiz taken yet.{" "}
              <Link to="/test" className="underline">
                Test your knowledge
              </Link>
              .
            </>
          }
        />
        <ProjectStatus
          id="status-lessons"
          title="Lessons finished"
          rows={loaderData.lessonsFinished}
          empty={
            <>
              No lesson finished yet.{" "}
              <Link to="/courses" className="underline">
                Browse the courses
              </Link>
              .
            </>
          }
        />
        <CertificatesSection
          certificates={loaderData.certificates}
          className="rounded-lg border border-gray-200 p-6 shadow-sm lg:col-span-3"
        />
        <ReadingListSection
          books={loaderData.readingList}
          returnTo="/profile"
          className="rounded-lg border border-gray-200 p-6 shadow-sm lg:col-span-3"
        />
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
