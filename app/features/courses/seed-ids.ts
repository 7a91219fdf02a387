/** The id the seed gives a course's lesson N ("java-07"); progress stored before lessons had ids is moved to it. */
export const seedLessonId = (courseSlug: string, lessonNumber: number) => `${courseSlug}-${String(lessonNumber).padStart(2, "0")}`;

/**
 * A public file's address without the version the build adds ("/images/courses/java.svg"): the
 * database keeps the stable address, and pages add the version the running build has.
 */
export const stableAddress = (address: string) => address.replace(/\?v=[\w-]+$/, "");
