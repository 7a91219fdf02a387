import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { PageHeader } from "#app/components/page-header.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { servicesContext } from "#app/context.ts";
import { LessonTextFields } from "#app/features/courses/components/lesson-text-fields.tsx";
import { staffCourse } from "#app/features/courses/editing/course-editor.server.ts";
import { submitNewLesson } from "#app/features/courses/editing/lesson-forms.server.ts";
import type { lessonSchema } from "#app/features/courses/editing/schemas.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { FormProblem } from "#app/features/staff/components/form-problem.tsx";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/lesson-new";

export const meta = ({ error }: Route.MetaArgs) => pageMeta(error ? errorTitle(error) : "New lesson");

export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireTeamAccess(context, "course", params.slug, url.pathname);
  const found = await staffCourse(context.get(servicesContext).db, params.slug);
  if (!found) throw data("No such course", { status: 404 });
  return { course: { slug: found.course.slug, title: found.course.title } };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const { actor } = await requireTeamAccess(context, "course", params.slug, url.pathname);
  return submitNewLesson(await request.formData(), params.slug, context.get(servicesContext), actor);
}

export default function NewLesson({ loaderData, actionData: reply }: Route.ComponentProps) {
  const { course } = loaderData;
  const [form, fields] = useForm<z.input<typeof lessonSchema>>({ id: "new-lesson", lastResult: reply?.result });
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title="New lesson" trail={staffTrail.course(course)} />
      <section className="section mx-auto max-w-2xl" aria-label="New lesson">
        <p className="mb-6 text-muted">
          For{" "}
          <Link to={`/staff/courses/${course.slug}`} className="text-brand-800 underline">
            {course.title}
          </Link>
          . The lesson starts as a draft at the end of the course; upload its video and captions on the next page.
        </p>
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <FormProblem message={reply?.message} />
          <LessonTextFields title={fields.title} description={fields.description} />
          <SubmitButton busy={busy}>Create the lesson</SubmitButton>
        </Form>
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
