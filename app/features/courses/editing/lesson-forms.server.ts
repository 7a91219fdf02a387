import { parseWithZod } from "@conform-to/zod/v4";
import { randomBytes } from "node:crypto";
import { data, redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import type { StaffActor } from "#app/lib/db/audit-log.server.ts";
import { filesLeftOut } from "#app/lib/forms/form-files.ts";
import { archivedRefusal, problemsText, refuseForm, unconfirmed, type EditResult } from "#app/features/staff/index.server.ts";
import { createLesson, deleteLesson, staffLesson, updateLesson } from "./course-editor.server.ts";
import { removeLater } from "./replaced-files.server.ts";
import { renderMarkdown } from "#app/lib/markdown/render-markdown.server.ts";
import { captionTrackSchema, lessonNotesSchema, lessonSchema } from "./schemas.ts";
import { removeCaptionTrack, saveCaptionTrack } from "./caption-tracks.server.ts";
import { captionFilesByLesson } from "../caption-files.server.ts";
import { captionsTooLarge, readWebVtt } from "./webvtt.ts";

type Services = Pick<RequestServices, "db" | "mediaStore">;

const lessonPage = (slug: string, id: string, saved: string) => redirect(`/staff/courses/${slug}/lessons/${id}?saved=${saved}`, 303);

export async function submitNewLesson(formData: FormData, slug: string, services: Services, actor: StaffActor) {
  const archived = await archivedRefusal(services.db, "course", slug);
  if (archived) return refuseForm("lesson", archived, 409);
  const submission = parseWithZod(formData, { schema: lessonSchema });
  if (submission.status !== "success") return refuseForm("lesson", problemsText, 400, submission.reply());
  const created = await createLesson(services.db, actor, slug, submission.value);
  if (!created.ok) return refuseForm("lesson", created.message, created.status);
  return lessonPage(slug, created.value, "lesson-created");
}

/** One form of the lesson editor, told apart by its `intent`. */
export async function submitLessonEdit(formData: FormData, slug: string, id: string, services: Services, actor: StaffActor) {
  const { db } = services;
  const lesson = await staffLesson(db, id);
  if (lesson?.course_slug !== slug)
    return refuseForm("details", "There is no such lesson. It may have been deleted: reload the page.", 404);
  const archived = await archivedRefusal(db, "course", slug);
  if (archived) return refuseForm("status", archived, 409);
  const intent = formData.get("intent");
  const answer =
    <Form extends string>(form: Form, saved: string) =>
    (result: EditResult<unknown>) =>
      result.ok ? lessonPage(slug, id, saved) : refuseForm(form, result.message, result.status);
  switch (intent) {
    case "details": {
      const submission = parseWithZod(formData, { schema: lessonSchema });
      if (submission.status !== "success") return refuseForm("details", problemsText, 400, submission.reply());
      return answer("details", "lesson")(await updateLesson(db, actor, id, "lesson.update", submission.value));
    }
    case "notes":
    case "notes-preview": {
      const submission = parseWithZod(formData, { schema: lessonNotesSchema });
      if (submission.status !== "success") return refuseForm("notes", problemsText, 400, submission.reply());
      const { notes } = submission.value;
      // The preview changes nothing: the notes as learners would read them, the text kept in its field.
      if (intent === "notes-preview")
        return data({ form: "notes" as const, message: "", result: submission.reply(), preview: renderMarkdown(notes) });
      return answer("notes", "notes")(await updateLesson(db, actor, id, "lesson.notes", { notes }));
    }
    case "publish":
    case "unpublish": {
      const ask =
        intent === "unpublish" &&
        unconfirmed(formData, {
          question: `Unpublish the lesson “${lesson.title}”?`,
          consequence:
            "Learners will no longer see it: the course shows its other lessons, and this lesson's address answers “page not found”. Their progress in it is kept, and publishing it again brings it back.",
          confirmLabel: "Unpublish the lesson",
        });
      if (ask) return ask;
      const status = intent === "publish" ? "published" : "draft";
      return answer("status", `lesson-${intent}ed`)(await updateLesson(db, actor, id, `lesson.${intent}`, { status }));
    }
    case "delete": {
      const ask = unconfirmed(formData, {
        question: `Delete the lesson “${lesson.title}”?`,
        consequence: "Its notes, its video and its captions are deleted with it, for good: this cannot be undone.",
        confirmLabel: "Delete the lesson for good",
      });
      if (ask) return ask;
      const deleted = await deleteLesson(db, actor, id);
      if (!deleted.ok) return refuseForm("status", deleted.message, deleted.status);
      for (const file of deleted.value.files) removeLater(services.mediaStore, file);
      return redirect(`/staff/courses/${slug}?saved=lesson-deleted#lessons`, 303);
    }
    case "captions": {
      const submission = parseWithZod(formData, { schema: captionTrackSchema });
      const refuse = (message: string, status = 400) =>
        refuseForm("captions", problemsText, status, submission.reply({ fieldErrors: { captions: [message] } }));
      if (submission.status !== "success") return refuseForm("captions", problemsText, 400, submission.reply());
      // A file far over the limit was left out of the form by the server (app/lib/forms/form-files.ts).
      if (filesLeftOut(formData).has("captions")) return refuse(captionsTooLarge);
      const file = formData.get("captions");
      if (!(file instanceof File) || file.size === 0) return refuse("Choose a WebVTT captions file (.vtt) to upload.");
      const reading = readWebVtt(new Uint8Array(await file.arrayBuffer()));
      if (!reading.ok) return refuse(reading.message);
      const key = `lessons/${id}/${randomBytes(8).toString("hex")}.vtt`;
      await services.mediaStore.put(key, new TextEncoder().encode(reading.text), "text/vtt");
      const { language, label } = submission.value;
      const saved = await saveCaptionTrack(db, actor, id, { language, label, file: key }).catch(async (error: unknown) => {
        // Not stored (another writer held the database, or it failed): the file would be no track's.
        await services.mediaStore.remove(key);
        throw error;
      });
      if (!saved.ok) {
        await services.mediaStore.remove(key);
        return refuseForm("captions", saved.message, saved.status, submission.reply());
      }
      removeLater(services.mediaStore, saved.value.replaced);
      return lessonPage(slug, id, "captions");
    }
    case "captions-remove": {
      const language = String(formData.get("language") ?? "");
      const track = (await captionFilesByLesson(db, { lesson: id })).get(id)?.find((found) => found.language === language);
      if (!track) return refuseForm("captions", "These captions are no longer there. Reload the page to see the lesson's captions.", 404);
      const ask = unconfirmed(formData, {
        question: `Remove the captions “${track.label}”?`,
        consequence: `Learners no longer find “${track.label}” in the player's captions menu, and the file is deleted. Uploading it again brings it back.`,
        confirmLabel: "Remove the captions",
      });
      if (ask) return ask;
      const removed = await removeCaptionTrack(db, actor, id, language);
      if (removed.ok) removeLater(services.mediaStore, removed.value.removed);
      return answer("captions", "captions-removed")(removed);
    }
    default:
      return refuseForm("details", "This form did not say what to change. Reload the page and try again.", 400);
  }
}
