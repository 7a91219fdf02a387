import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { PageHeader } from "#app/components/page-header.tsx";
import { SubmitButton } from "#app/components/submit-button.tsx";
import { servicesContext } from "#app/context.ts";
import { TextField } from "#app/components/text-field.tsx";
import { LessonTextFields } from "#app/features/courses/components/lesson-text-fields.tsx";
import { VideoUploader } from "#app/features/courses/components/video-uploader.tsx";
import { staffCourse } from "#app/features/courses/editing/course-editor.server.ts";
import { submitLessonEdit } from "#app/features/courses/editing/lesson-forms.server.ts";
import { savedMessages } from "#app/features/courses/editing/saved-messages.ts";
import type { captionTrackSchema, lessonNotesSchema, lessonSchema } from "#app/features/courses/editing/schemas.ts";
import {
  CAPTION_LABEL_MAX_LENGTH,
  CAPTION_LANGUAGE_MAX_LENGTH,
  CAPTIONS_MAX_KB,
  LESSON_NOTES_MAX_LENGTH,
  videoProblemText,
} from "#app/features/courses/limits.ts";
import { conformFieldProps } from "#app/components/text-field.tsx";
import { requireTeamAccess } from "#app/features/teams/access.server.ts";
import { FormProblem } from "#app/features/staff/components/form-problem.tsx";
import { MarkdownPreview } from "#app/features/staff/components/markdown-preview.tsx";
import { PublicationSection, SavedNotice } from "#app/features/staff/components/publication-section.tsx";
import { uploadQuotaMb } from "#app/lib/config/env.server.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import { ConfirmationPanel, splitConfirmation } from "#app/features/staff/index.ts";
import { staffTrail } from "#app/features/staff/breadcrumbs.ts";
import type { Route } from "./+types/lesson";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  pageMeta(loaderData ? `${loaderData.lesson.title} (staff)` : errorTitle(error));

/** One lesson as its editors see it: its text, status, video and captions. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  await requireTeamAccess(context, "course", params.slug, url.pathname);
  const { db, media, config } = context.get(servicesContext);
  const found = await staffCourse(db, params.slug);
  const index = found?.lessons.findIndex((lesson) => lesson.id === params.lesson) ?? -1;
  if (!found || index === -1) throw data("No such lesson", { status: 404 });
  const lesson = found.lessons[index]!;
  const [files] = await media.lessonMedia([lesson]);
  return {
    course: { slug: found.course.slug, title: found.course.title },
    lesson: {
      id: lesson.id,
      number: index + 1,
      title: lesson.title,
      description: lesson.description,
      notes: lesson.notes,
      status: lesson.status,
      video: files?.video ?? null,
      captions: lesson.captions.map(({ file, language, label }) => ({ src: media.address(file), language, label })),
      durationSeconds: lesson.duration_seconds,
    },
    maxUploadMb: config.MAX_UPLOAD_MB,
    videoProblem: videoProblemText(url.searchParams.get("video-problem"), { maxMb: config.MAX_UPLOAD_MB, quotaMb: uploadQuotaMb(config) }),
    saved: savedMessages[url.searchParams.get("saved") ?? ""] ?? null,
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const { actor } = await requireTeamAccess(context, "course", params.slug, url.pathname);
  return submitLessonEdit(await request.formData(), params.slug, params.lesson, context.get(servicesContext), actor);
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

export default function StaffLesson({ loaderData, actionData }: Route.ComponentProps) {
  const { confirmation, reply } = splitConfirmation(actionData);
  const { course, lesson, maxUploadMb, saved, videoProblem } = loaderData;
  const problem = (form: string) => (reply?.form === form ? reply.message : undefined);
  const [form, fields] = useForm<z.input<typeof lessonSchema>>({
    id: "details",
    lastResult: reply?.form === "details" ? reply.result : undefined,
    defaultValue: { title: lesson.title, description: lesson.description },
  });
  const [notesForm, notesFields] = useForm<z.input<typeof lessonNotesSchema>>({
    id: "notes",
    lastResult: reply?.form === "notes" ? reply.result : undefined,
    defaultValue: { notes: lesson.notes },
  });
  const [captionsForm, captionsFields] = useForm<z.input<typeof captionTrackSchema> & { captions: File }>({
    id: "captions",
    lastResult: reply?.form === "captions" ? reply.result : undefined,
  });
  const preview = reply && "preview" in reply ? reply.preview : undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.formData?.get("intent") === intent;
  return (
    <>
      <PageHeader title={lesson.title} trail={staffTrail.course(course)} />
      {confirmation && <ConfirmationPanel confirmation={confirmation} />}
      <div className="section mx-auto max-w-3xl space-y-12">
        <p>
          Lesson {lesson.number} of{" "}
          <Link to={`/staff/courses/${course.slug}#lessons`} className="text-brand-800 underline">
            {course.title}
          </Link>
        </p>
        <SavedNotice message={saved} />
        <PublicationSection
          status={lesson.status}
          problem={problem("status")}
          extraButtons={
            lesson.status === "draft" && (
              <button type="submit" name="intent" value="delete" className="btn-light border border-red-400 text-red-800">
                Delete this draft
              </button>
            )
          }
        />

        <section aria-labelledby="details-heading">
          <h2 id="details-heading" className="section-title">
            Text
          </h2>
          <Form method="post" {...getFormProps(form)} className="space-y-5">
            <FormProblem message={problem("details")} />
            <LessonTextFields title={fields.title} description={fields.description} />
            <input type="hidden" name="intent" value="details" />
            <SubmitButton busy={busy("details")}>Save the text</SubmitButton>
          </Form>
        </section>

        <section aria-labelledby="notes-heading">
          <h2 id="notes-heading" className="section-title">
            Notes
          </h2>
          <p className="mb-4 text-muted">
            What learners read under the video, or in its place when there is none. Written in Markdown: <code>## Heading</code>,{" "}
            <code>**bold**</code>, <code>- list item</code>, <code>[link](https://…)</code>, and code between lines of three backticks with
            its language (<code>```java</code>). HTML is not shown.
          </p>
          <Form method="post" {...getFormProps(notesForm)} className="space-y-5">
            <FormProblem message={problem("notes")} />
            <TextField
              key={notesFields.notes.key}
              {...conformFieldProps(notesFields.notes)}
              label="Notes (Markdown)"
              multiline
              rows={18}
              maxLength={LESSON_NOTES_MAX_LENGTH}
            />
            <div className="flex flex-wrap gap-3">
              <SubmitButton busy={busy("notes")} name="intent" value="notes">
                Save the notes
              </SubmitButton>
              <button type="submit" name="intent" value="notes-preview" className="btn-light border border-gray-300">
                Preview
              </button>
            </div>
          </Form>
          {typeof preview === "string" && (
            <MarkdownPreview id="notes-preview" html={preview} empty="The notes are empty." className="mt-8" />
          )}
        </section>

        <section aria-labelledby="video-heading">
          <h2 id="video-heading" className="section-title">
            Video
          </h2>
          {lesson.video ? (
            <p className="mb-4">
              <a href={lesson.video} className="text-brand-800 underline">
                The current video
              </a>
              {lesson.durationSeconds !== null && <> ({clock(lesson.durationSeconds)})</>}. Uploading another replaces it.
            </p>
          ) : (
            <p className="mb-4 text-muted">No video yet: learners see "Video not available".</p>
          )}
          <FormProblem message={videoProblem ?? undefined} />
          <VideoUploader lessonId={lesson.id} maxMb={maxUploadMb} />
        </section>

        <section aria-labelledby="captions-heading">
          <h2 id="captions-heading" className="section-title">
            Captions
          </h2>
          <FormProblem message={problem("captions")} />
          {lesson.captions.length > 0 ? (
            <>
              <p className="mb-3">Learners choose among these in the player's captions menu, in this order:</p>
              <ul className="mb-6 divide-y divide-gray-200 border-y border-gray-200">
                {lesson.captions.map((track) => (
                  <li key={track.language} className="flex flex-wrap items-center justify-between gap-3 py-2">
                    <span>
                      <a href={track.src} className="text-brand-800 underline">
                        {track.label}
                      </a>{" "}
                      <span className="text-muted">
                        (language <code>{track.language}</code>)
                      </span>
                    </span>
                    <Form method="post">
                      <input type="hidden" name="language" value={track.language} />
                      <button
                        type="submit"
                        name="intent"
                        value="captions-remove"
                        className="btn-light border border-gray-300"
                        aria-label={`Remove the captions “${track.label}”`}
                      >
                        Remove
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mb-4 text-muted">No captions yet.</p>
          )}
          <h3 className="mb-3 font-semibold">Add captions in a language, or replace a language's</h3>
          <Form method="post" encType="multipart/form-data" {...getFormProps(captionsForm)} className="space-y-4">
            <TextField
              id={captionsFields.captions.id}
              name={captionsFields.captions.name}
              error={captionsFields.captions.errors?.[0]}
              type="file"
              accept=".vtt,text/vtt"
              label="Captions file (WebVTT)"
              hint={`A .vtt file, up to ${CAPTIONS_MAX_KB} KB. It is checked line by line before it is saved.`}
            />
            <TextField
              key={captionsFields.language.key}
              {...conformFieldProps(captionsFields.language)}
              label="Language code"
              hint="The language the captions are in, as browsers name it: en for English, hi for Hindi, ta for Tamil, en-IN for English as spoken in India. Captions already there in this language are replaced."
              maxLength={CAPTION_LANGUAGE_MAX_LENGTH}
              autoComplete="off"
            />
            <TextField
              key={captionsFields.label.key}
              {...conformFieldProps(captionsFields.label)}
              label="Label (optional)"
              hint="What the player's menu shows, such as “Hindi” or “English (with sound descriptions)”. Left empty: the language's name."
              maxLength={CAPTION_LABEL_MAX_LENGTH}
            />
            <SubmitButton busy={busy("captions")} name="intent" value="captions">
              Upload the captions
            </SubmitButton>
          </Form>
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
