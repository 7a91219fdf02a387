import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { RequestServices } from "#app/context.ts";
import type { StaffActor } from "#app/lib/db/audit-log.server.ts";
import { filesLeftOut } from "#app/lib/forms/form-files.ts";
import { renderMarkdown } from "#app/lib/markdown/render-markdown.server.ts";
import {
  archivedRefusal,
  ownersOnly,
  problemsText,
  refuseForm,
  savedAfter,
  unconfirmed,
  type EditResult,
} from "#app/features/staff/index.server.ts";
import { mayManageTeam, type TeamAccess } from "#app/features/teams/index.ts";
import { courseImageTooLarge, readCourseImage } from "./course-image.server.ts";
import {
  addListing,
  createCourse,
  lessonOrderAfterMove,
  removeListing,
  reorderLessons,
  setCourseStatus,
  updateCourseDetails,
  updateListing,
  setCertificateRule,
} from "./course-editor.server.ts";
import { removeLater } from "./replaced-files.server.ts";
import { courseDetailsSchema, listingSchema, newCourseSchema } from "./schemas.ts";

type Services = Pick<RequestServices, "db" | "mediaStore" | "logger">;

type StoredImage = { src: string; width: number; height: number };

/**
 * The form's picture, checked and stored: none when no file was chosen, or the field to correct. A
 * picture needs its description, asked for before anything is stored. One far over the limit was
 * left out of the form by the server: it is said to be too large, like one just over it.
 */
async function courseImageOf(
  formData: FormData,
  slug: string,
  alt: string,
  { mediaStore, logger }: Services,
): Promise<{ image: StoredImage | null } | { field: "image" | "imageAlt"; message: string }> {
  if (filesLeftOut(formData).has("image")) return { field: "image", message: courseImageTooLarge };
  const file = formData.get("image");
  if (!(file instanceof File) || file.size === 0) return { image: null };
  if (!alt) return { field: "imageAlt", message: "Describe the picture for people who cannot see it." };
  const reading = await readCourseImage(file, slug, logger);
  if (!reading.ok) return { field: "image", message: reading.message };
  await mediaStore.put(reading.key, reading.bytes, "image/webp");
  return { image: { src: reading.key, width: reading.width, height: reading.height } };
}

/** /staff/courses/new: the course is made as a draft, with its own address /courses/<slug>. */
export async function submitNewCourse(formData: FormData, services: Services, actor: StaffActor, owner: string | null) {
  const submission = parseWithZod(formData, { schema: newCourseSchema });
  if (submission.status !== "success") return refuseForm("course", problemsText, 400, submission.reply());
  const { slug, imageAlt } = submission.value;
  const picture = await courseImageOf(formData, slug, imageAlt, services);
  if ("field" in picture)
    return refuseForm("course", problemsText, 400, submission.reply({ fieldErrors: { [picture.field]: [picture.message] } }));
  const { image } = picture;
  const created = await createCourse(services.db, actor, owner, submission.value, image);
  if (!created.ok) {
    if (image) await services.mediaStore.remove(image.src);
    return refuseForm("course", created.message, created.status, submission.reply({ fieldErrors: { slug: [created.message] } }));
  }
  return redirect(`/staff/courses/${slug}?saved=created`);
}

const savedAt = (slug: string, what: string, anchor = "") => redirect(`/staff/courses/${slug}?saved=${what}${anchor}`, 303);

function answer<Form extends string>(form: Form, slug: string, saved: string, anchor = "") {
  return (result: EditResult<unknown>) => (result.ok ? savedAt(slug, saved, anchor) : refuseForm(form, result.message, result.status));
}

/** One form of the course editor (/staff/courses/:slug), told apart by its `intent`. */
export async function submitCourseEdit(formData: FormData, slug: string, services: Services, actor: StaffActor, access: TeamAccess) {
  const { db } = services;
  const intent = formData.get("intent");
  const archived = await archivedRefusal(db, "course", slug, intent);
  if (archived) return refuseForm("status", archived, 409);
  switch (intent) {
    case "details":
    case "details-preview": {
      const submission = parseWithZod(formData, { schema: courseDetailsSchema });
      if (submission.status !== "success") return refuseForm("details", problemsText, 400, submission.reply());
      // The preview changes nothing: the description as learners would read it, every field kept as typed.
      if (intent === "details-preview")
        return data({
          form: "details" as const,
          message: "",
          result: submission.reply(),
          preview: renderMarkdown(submission.value.description),
        });
      const picture = await courseImageOf(formData, slug, submission.value.imageAlt, services);
      if ("field" in picture)
        return refuseForm("details", problemsText, 400, submission.reply({ fieldErrors: { [picture.field]: [picture.message] } }));
      const { image } = picture;
      const updated = await updateCourseDetails(db, actor, slug, submission.value, image);
      if (!updated.ok) {
        if (image) await services.mediaStore.remove(image.src);
        return refuseForm("details", updated.message, updated.status);
      }
      removeLater(services.mediaStore, updated.value.replacedImage);
      return savedAt(slug, "details");
    }
    case "publish":
    case "unpublish":
    case "archive":
    case "restore": {
      if (ownersOnly(intent) && !mayManageTeam(access))
        return refuseForm("status", "Only the course's owners and administrators can archive or restore it.", 403);
      const confirmation =
        intent === "unpublish"
          ? {
              question: "Unpublish the course?",
              consequence:
                "Learners will no longer find it: its page and its lessons answer “page not found”, and its cards leave the course listings. Their progress and certificates are kept, and publishing it again brings it all back.",
              confirmLabel: "Unpublish the course",
            }
          : intent === "archive"
            ? {
                question: "Archive the course?",
                consequence:
                  "Learners will no longer find it: its page and its lessons answer “page not found”, and its cards leave the course listings. Their progress, quiz results and certificates are kept (certificates still verify). It leaves the staff list for the archived ones, and restoring it brings it back as a draft.",
                confirmLabel: "Archive the course",
              }
            : null;
      const ask = confirmation && unconfirmed(formData, confirmation);
      if (ask) return ask;
      return answer("status", slug, savedAfter[intent])(await setCourseStatus(db, actor, slug, intent));
    }
    case "listing-add": {
      const submission = parseWithZod(formData, { schema: listingSchema });
      if (submission.status !== "success") return refuseForm("listing-new", problemsText, 400, submission.reply());
      return answer("listing-new", slug, "listing", "#listings")(await addListing(db, actor, slug, submission.value));
    }
    case "listing-update": {
      const id = String(formData.get("id") ?? "");
      const submission = parseWithZod(formData, { schema: listingSchema });
      if (submission.status !== "success") return refuseForm(`listing-${id}`, problemsText, 400, submission.reply());
      return answer(`listing-${id}`, slug, "listing", "#listings")(await updateListing(db, actor, slug, id, submission.value));
    }
    case "listing-remove": {
      const ask = unconfirmed(formData, {
        question: "Remove this card from its listing?",
        consequence: "Visitors of the listing will no longer see it; the course itself stays as it is.",
        confirmLabel: "Remove the card",
      });
      if (ask) return ask;
      return answer(
        "listings",
        slug,
        "listing-removed",
        "#listings",
      )(await removeListing(db, actor, slug, String(formData.get("id") ?? "")));
    }
    case "certificate-rule": {
      const quiz = String(formData.get("quiz") ?? "");
      const passPercent = Number(formData.get("pass") ?? "");
      if (!Number.isInteger(passPercent) || passPercent < 1 || passPercent > 100) {
        return refuseForm("certificate", "The pass mark is a whole number of per cent, from 1 to 100.", 400);
      }
      return answer(
        "certificate",
        slug,
        "certificate",
        "#certificate",
      )(await setCertificateRule(db, actor, slug, { quiz: quiz === "" ? null : quiz, passPercent }));
    }
    case "move-up":
    case "move-down": {
      const order = await lessonOrderAfterMove(db, slug, String(formData.get("lesson") ?? ""), intent === "move-up" ? "up" : "down");
      return answer("lessons", slug, "order", "#lessons")(await reorderLessons(db, actor, slug, order));
    }
    case "reorder": {
      const order = String(formData.get("order") ?? "")
        .split(",")
        .filter(Boolean);
      return answer("lessons", slug, "order", "#lessons")(await reorderLessons(db, actor, slug, order));
    }
    default:
      return refuseForm("course", "This form did not say what to change. Reload the page and try again.", 400);
  }
}
