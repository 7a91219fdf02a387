/** The largest picture file accepted: a phone photo fits, a poster-sized scan does not. */
export const COURSE_IMAGE_MAX_MB = 10;
export const COURSE_IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/svg+xml";
export const COURSE_IMAGE_HINT = `PNG, JPEG, WebP or SVG, up to ${COURSE_IMAGE_MAX_MB} MB. It is cropped to 3:2 and stored without its metadata.`;

/** Where the browser sends lesson videos, piece by piece (the tus protocol). */
export const VIDEO_UPLOAD_PATH = "/staff/uploads";
export const VIDEO_ACCEPT = "video/mp4,video/webm";

/** The largest question file imported: thousands of questions fit in far less. */
export const QUIZ_IMPORT_MAX_KB = 512;
