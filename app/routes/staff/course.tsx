import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { PageHeader } from "#app/components/page-header.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { servicesContext } from "#app/context.ts";
import { LessonOrderList } from "#app/features/courses/components/lesson-order-list.tsx";
import { ListingForm } from "#app/features/courses/components/listing-form.tsx";
import { staffCourse } from "#app/features/courses/editing/course-editor.server.ts";
import { submitCourseEdit } from "#app/features/courses/editing/course-forms.server.ts";
import { savedMessages } from "#app/features/courses/editing/saved-messages.ts";
import type { courseDetailsSchema, CoursePictureField } from "#app/features/courses/editing/schemas.ts";
import {
  COURSE_IMAGE_ACCEPT,
  COURSE_IMAGE_HINT,
  COURSE_DESCRIPTION_MAX_LENGTH,
  COURSE_TITLE_MAX_LENGTH,
  IMAGE_ALT_MAX_LENGTH,
  listingCategories,
} from "#app/features/courses/limits.ts";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { TeamSection } from "#app/features/teams/components/team-section.tsx";
import { isTeamForm, submitTeamChange } from "#app/features/teams/team-forms.server.ts";
import { teamOf } from "#app/features/teams/teams.server.ts";
import { mayManageTeam } from "#app/features/teams/types.ts";
import { FormProblem } from "#app/features/staff/components/form-problem.tsx";
import { MarkdownPreview } from "#app/features/staff/components/markdown-preview.tsx";
import { PublicationSection, SavedNotice } from "#app/features/staff/components/publication-section.tsx";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { ConfirmationPanel, splitConfirmation } from "#app/features/staff/index.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/course";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  pageMeta(loaderData ? `${loaderData.course.title} (staff)` : errorTitle(error));

/** One course as its editors see it: its details, status, lessons in order and its cards in the listings. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { access } = await requireTeamAccess(context, "course", params.slug, url.pathname);
  const { db, fileAddress } = context.get(servicesContext);
  const found = await staffCourse(db, params.slug);
  if (!found) throw data("No such course", { status: 404 });
  const { course, paths, listings, lessons } = found;
  return {
    course: {
      slug: course.slug,
      title: course.title,
      description: course.description,
      status: course.status,
      imageAlt: course.image_alt,
      image: fileAddress(course.image_src),
      address: paths[0] ?? null,
    },
    lessons: lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      status: lesson.status,
      hasVideo: lesson.video !== null,
      captionLabels: lesson.captions.map((track) => track.label),
    })),
    listings: listings.map((listing) => ({
      id: listing.id,
      values: {
        category: listing.category,
        title: listing.title,
        teacher: listing.teacher,
        price: listing.price,
        duration: listing.duration,
      },
    })),
    categories: listingCategories.map(({ id, name }) => ({ id, name })),
    certificate: { quiz: course.certificate_quiz ?? "", passPercent: course.certificate_pass_percent },
    // Published ones only: a draft cannot be taken. The course's own choice stays listed, to change it.
    quizzes: (
      await db
        .selectFrom("quizzes")
        .select(["slug", "title"])
        .where((eb) => eb.or([eb("status", "=", "published"), eb("slug", "=", course.certificate_quiz ?? "")]))
        .orderBy("position")
        .execute()
    ).map((quiz) => ({
      slug: quiz.slug,
      title: quiz.title,
    })),
    team: await teamOf(db, "course", course.slug),
    canManageTeam: mayManageTeam(access),
    saved: savedMessages[url.searchParams.get("saved") ?? ""] ?? null,
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const { actor, access } = await requireTeamAccess(context, "course", params.slug, url.pathname);
  const formData = await request.formData();
  const services = context.get(servicesContext);
  if (isTeamForm(formData)) return submitTeamChange(formData, services.db, { kind: "course", slug: params.slug, actor, access });
  return submitCourseEdit(formData, params.slug, services, actor, access);
}

function DetailsForm({
  course,
  reply,
}: {
  course: Route.ComponentProps["loaderData"]["course"];
  reply: ReturnType<typeof splitConfirmation<Route.ComponentProps["actionData"]>>["reply"];
}) {
  const [form, fields] = useForm<z.input<typeof courseDetailsSchema> & CoursePictureField>({
    id: "details",
    lastResult: reply?.form === "details" ? reply.result : undefined,
    defaultValue: { title: course.title, imageAlt: course.imageAlt, description: course.description },
  });
  const busy = useNavigation().formData?.get("intent") === "details";
  const preview = reply?.form === "details" && "preview" in reply ? reply.preview : undefined;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-5">
      <FormProblem message={reply?.form === "details" ? reply.message : undefined} />
      <TextField key={fields.title.key} {...conformFieldProps(fields.title)} label="Title" required maxLength={COURSE_TITLE_MAX_LENGTH} />
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start">
        <img src={course.image} alt="" width={600} height={400} className="aspect-[3/2] w-48 rounded object-cover" />
        <TextField
          id={fields.image.id}
          name="image"
          type="file"
          accept={COURSE_IMAGE_ACCEPT}
          label="A new picture (optional)"
          error={fields.image.errors?.[0]}
          hint={COURSE_IMAGE_HINT}
        />
      </div>
      <TextField
        key={fields.imageAlt.key}
        {...conformFieldProps(fields.imageAlt)}
        label="Describe the picture"
        maxLength={IMAGE_ALT_MAX_LENGTH}
        hint="What the picture shows, for people who cannot see it."
      />
      <TextField
        key={fields.description.key}
        {...conformFieldProps(fields.description)}
        label="Description"
        multiline
        rows={8}
        maxLength={COURSE_DESCRIPTION_MAX_LENGTH}
        hint="What the course teaches and for whom, shown on its page above the lessons. Markdown: **bold**, lists, links, ## headings."
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={busy} name="intent" value="details">
          Save the details
        </SubmitButton>
        <button type="submit" name="intent" value="details-preview" className="btn-light border border-gray-300">
          Preview the description
        </button>
      </div>
      {typeof preview === "string" && <MarkdownPreview id="description-preview" html={preview} empty="The description is empty." />}
    </Form>
  );
}

export default function StaffCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { confirmation, reply } = splitConfirmation(actionData);
  const { course, lessons, listings, categories, certificate, quizzes, saved } = loaderData;
  const listingReply = (id: string) => (reply?.form === `listing-${id}` ? reply : undefined);
  return (
    <>
      <PageHeader title={course.title} trail={staffTrail.courses} />
      {confirmation && <ConfirmationPanel confirmation={confirmation} />}
      <div className="section mx-auto max-w-4xl space-y-12">
        <SavedNotice message={saved} />
        <PublicationSection
          status={course.status}
          problem={reply?.form === "status" ? reply.message : undefined}
          archiving={{ allowed: loaderData.canManageTeam, what: "course" }}
        >
          {course.address && course.status === "published" && (
            <Link to={course.address} className="text-brand-800 underline">
              See the course page
            </Link>
          )}
          <Link to={`/staff/courses/${course.slug}/preview`} className="text-brand-800 underline">
            Preview as a learner
          </Link>
          <Link to={`/staff/courses/${course.slug}/stats`} className="text-brand-800 underline">
            Numbers: learners and quiz results
          </Link>
        </PublicationSection>

        <section aria-labelledby="details-heading">
          <h2 id="details-heading" className="section-title">
            Details
          </h2>
          <DetailsForm course={course} reply={reply} />
        </section>

        <section id="lessons" aria-labelledby="lessons-heading" className="scroll-mt-24">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
            <h2 id="lessons-heading" className="text-3xl font-bold">
              Lessons
            </h2>
            <Link to={`/staff/courses/${course.slug}/lessons/new`} className="btn-primary">
              Add a lesson
            </Link>
          </div>
          <FormProblem message={reply?.form === "lessons" ? reply.message : undefined} />
          {lessons.length ? <LessonOrderList slug={course.slug} lessons={lessons} /> : <p className="text-muted">No lessons yet.</p>}
        </section>

        <section id="certificate" aria-labelledby="certificate-heading" className="scroll-mt-24">
          <h2 id="certificate-heading" className="section-title">
            Certificate of completion
          </h2>
          <p className="mb-4 text-muted">
            A learner gets the course's certificate once every published lesson is finished and, if you choose a quiz, that quiz is passed
            at the mark below.
          </p>
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <FormProblem message={reply?.form === "certificate" ? reply.message : undefined} />
            </div>
            <label className="block font-medium">
              Quiz to pass
              <select
                name="quiz"
                defaultValue={certificate.quiz}
                className="mt-1 w-full rounded-md border border-gray-400 bg-white px-3 py-2"
              >
                <option value="">None: the lessons are enough</option>
                {quizzes.map((quiz) => (
                  <option key={quiz.slug} value={quiz.slug}>
                    {quiz.title}
                  </option>
                ))}
              </select>
            </label>
            <label className="block font-medium">
              Pass mark (%)
              <input
                name="pass"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                required
                defaultValue={certificate.passPercent}
                className="mt-1 w-full rounded-md border border-gray-400 px-3 py-2"
              />
            </label>
            <input type="hidden" name="intent" value="certificate-rule" />
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary">
                Save the rule
              </button>
            </div>
          </Form>
        </section>

        <section id="listings" aria-labelledby="listings-heading" className="scroll-mt-24 space-y-6">
          <h2 id="listings-heading" className="section-title">
            Cards in the course listings
          </h2>
          <p className="text-muted">
            A card counts its students (learners who started the course) and shows learners' ratings of the course by itself, counted again
            every ten minutes.
          </p>
          <FormProblem message={reply?.form === "listings" ? reply.message : undefined} />
          {listings.map((listing) => (
            <ListingForm
              key={listing.id}
              id={listing.id}
              listing={listing.values}
              categories={categories}
              lastResult={listingReply(listing.id)?.result}
              message={listingReply(listing.id)?.message}
            />
          ))}
          <h3 className="text-xl font-bold">Add a card to a listing</h3>
          <ListingForm
            categories={categories}
            lastResult={reply?.form === "listing-new" ? reply.result : undefined}
            message={reply?.form === "listing-new" ? reply.message : undefined}
          />
        </section>

        <TeamSection kind="course" team={loaderData.team} canManage={loaderData.canManageTeam} reply={reply} />
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
