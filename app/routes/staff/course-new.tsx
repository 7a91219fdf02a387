import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { PageHeader } from "#app/components/page-header.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { servicesContext } from "#app/context.ts";
import { submitNewCourse } from "#app/features/courses/editing/course-forms.server.ts";
import type { CoursePictureField, newCourseSchema } from "#app/features/courses/editing/schemas.ts";
import {
  COURSE_IMAGE_ACCEPT,
  COURSE_IMAGE_HINT,
  COURSE_SLUG_MAX_LENGTH,
  COURSE_TITLE_MAX_LENGTH,
  IMAGE_ALT_MAX_LENGTH,
} from "#app/features/courses/limits.ts";
import { requireCreator } from "#app/features/teams/access.server.ts";
import { FormProblem } from "#app/features/staff/components/form-problem.tsx";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/course-new";

const pagePath = "/staff/courses/new";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "New course");

export function loader({ context }: Route.LoaderArgs) {
  requireCreator(context, "course", pagePath);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, owner } = requireCreator(context, "course", pagePath);
  return submitNewCourse(await request.formData(), context.get(servicesContext), actor, owner);
}

export default function NewCourse({ actionData: reply }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof newCourseSchema> & CoursePictureField>({
    id: "new-course",
    lastResult: reply?.result,
  });
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title="New course" trail={staffTrail.courses} />
      <section className="section mx-auto max-w-2xl" aria-label="New course">
        <p className="mb-6 text-muted">
          The course starts as a draft: learners see it once you publish it. Add its lessons and its cards in the listings on the next page.
        </p>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-5">
          <FormProblem message={reply?.message} />
          <TextField
            key={fields.title.key}
            {...conformFieldProps(fields.title)}
            label="Title"
            required
            maxLength={COURSE_TITLE_MAX_LENGTH}
          />
          <TextField
            key={fields.slug.key}
            {...conformFieldProps(fields.slug)}
            label="Address"
            required
            maxLength={COURSE_SLUG_MAX_LENGTH}
            hint="The course's page will be /courses/ followed by this, e.g. web-design. Lower-case letters, digits and hyphens."
          />
          <TextField
            id={fields.image.id}
            name="image"
            type="file"
            accept={COURSE_IMAGE_ACCEPT}
            label="Picture (optional)"
            error={fields.image.errors?.[0]}
            hint={COURSE_IMAGE_HINT}
          />
          <TextField
            key={fields.imageAlt.key}
            {...conformFieldProps(fields.imageAlt)}
            label="Describe the picture"
            maxLength={IMAGE_ALT_MAX_LENGTH}
            hint="What the picture shows, for people who cannot see it. Needed with a picture."
          />
          <SubmitButton busy={busy}>Create the course</SubmitButton>
        </Form>
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
