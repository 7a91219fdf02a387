// Kept apart from editing/schemas.ts so the staff pages' browser code does not carry zod (decision 012);
// the server's path rules read the upload address and the picture's size from here too.
import { categories } from "#app/content/categories.ts";

/** The longest a course's, a listing card's and a lesson's fields may be: the schemas check them, the forms' fields hold to them. */
export const COURSE_TITLE_MAX_LENGTH = 120;
export const COURSE_DESCRIPTION_MAX_LENGTH = 5_000;
export const COURSE_SLUG_MAX_LENGTH = 60;
export const IMAGE_ALT_MAX_LENGTH = 200;
export const CARD_TITLE_MAX_LENGTH = 120;
export const TEACHER_MAX_LENGTH = 80;
export const DURATION_MAX_LENGTH = 40;
export const LESSON_TITLE_MAX_LENGTH = 120;
export const LESSON_DESCRIPTION_MAX_LENGTH = 2000;
/** A lesson's notes: several thousand words with their code. */
export const LESSON_NOTES_MAX_LENGTH = 40_000;

/** The largest picture file accepted: a phone photo fits, a poster-sized scan does not. */
export const COURSE_IMAGE_MAX_MB = 10;
export const COURSE_IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/svg+xml";
export const COURSE_IMAGE_HINT = `PNG, JPEG, WebP or SVG, up to ${COURSE_IMAGE_MAX_MB} MB. It is cropped to 3:2 and stored without its metadata.`;

/** Where the browser sends lesson videos, piece by piece (the tus protocol). */
export const VIDEO_UPLOAD_PATH = "/staff/uploads";
export const VIDEO_ACCEPT = "video/mp4,video/webm";

/** The largest captions file accepted: hours of speech fit in far less. */
export const CAPTIONS_MAX_KB = 1024;
/** Captions tracks one lesson may have: one per language, more than a college's languages. */
export const CAPTION_TRACKS_MAX = 12;
/** BCP 47 tags worth typing are far shorter ("zh-Hant-TW"); 35 is the length RFC 5646 asks every reader to take. */
export const CAPTION_LANGUAGE_MAX_LENGTH = 35;
export const CAPTION_LABEL_MAX_LENGTH = 60;

const megabytes = (mb: number) => `${mb.toLocaleString("en-US")} MB`;

/** Why an upload is refused while the disk of the media folder is nearly full (UPLOAD_DISK_RESERVE_MB). */
export const DISK_FULL_TEXT =
  "The site's disk is nearly full, so it cannot take a video now. Nothing was kept; please tell the site's administrators.";

/** Why an upload would take its sender past their allowance of unfinished uploads (UPLOAD_QUOTA_MB). */
export function quotaText(quotaMb: number, waitingMb?: number): string {
  const waiting = waitingMb === undefined ? "" : ` (${megabytes(waitingMb)} already are)`;
  return (
    `Your unfinished uploads would come to more than ${megabytes(quotaMb)}, the most one person may have waiting${waiting}. ` +
    "Finish an upload you started, or wait: an unfinished upload is forgotten a day after it began."
  );
}

/** A teacher not on the course's team, sending a video for one of its lessons. */
export const NOT_ON_THE_TEAM_TEXT = "Only this course's teachers can upload its lessons' videos. Its owners can add you to its team.";

/** What the lesson page says after a video posted by its plain form was refused (`?video-problem=`). */
export function videoProblemText(problem: string | null, { maxMb, quotaMb }: { maxMb: number; quotaMb: number }): string | null {
  const texts: Record<string, string> = {
    type: "This file is not an MP4 or WebM video (whatever its name says). Please export the recording as MP4 and upload it again.",
    size: `The file is larger than ${megabytes(maxMb)}, the most the site accepts.`,
    missing: "Choose a video file to upload.",
    form: "The upload was cut off before the end. Please try again.",
    lesson: "There is no such lesson. It may have been deleted.",
    team: NOT_ON_THE_TEAM_TEXT,
    archived: "The course is archived: restore it before changing its lessons.",
    quota: quotaText(quotaMb),
    disk: DISK_FULL_TEXT,
  };
  return texts[problem ?? ""] ?? null;
}

/** The categories that have a listing page: a course card can go in these. */
export const listingCategories = categories.filter((category) => category.href);
