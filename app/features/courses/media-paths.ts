/**
 * Where a lesson's files live, relative to MEDIA_DIR or MEDIA_BASE_URL:
 * `<course>/<NN>.mp4` and, when there is one, `<course>/<NN>.en.vtt`.
 */
export function lessonFileStem(courseSlug: string, lessonNumber: number): string {
  return `${courseSlug}/${lessonFileBase(lessonNumber)}`;
}

/** The lesson's file name without extension, inside its course folder: "01" … "35". */
export const lessonFileBase = (lessonNumber: number) => String(lessonNumber).padStart(2, "0");

export const videoExtension = ".mp4";
export const captionsExtension = ".en.vtt";

/**
 * A lesson file named the way operators placed files before staff uploaded them ("java/01.mp4"):
 * it may be missing, and it is never removed by the site. Uploads get names of their own.
 */
export const placedByHand = (key: string) => /^[a-z0-9-]+\/\d{2}\.(mp4|en\.vtt)$/.test(key);
