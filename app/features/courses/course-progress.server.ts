import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import type { KnownVersions } from "#app/lib/content-versions/versioned-snapshot.server.ts";
import { courseCatalogue, type CatalogueCourse } from "./catalogue.server.ts";
import { sharedValue } from "#app/lib/personal/shared-values.server.ts";
import { RecentlyUsed } from "#app/lib/recently-used.ts";
import { progressAndRating, type LearnerCourseState } from "./progress.server.ts";
import { signedOutProgress, type CourseProgressView } from "./types.ts";

/** Each lesson's number by its id, per course as a content version's catalogue gives it: made once, not for each page request. */
const lessonNumbers = new WeakMap<CatalogueCourse, Map<string, number>>();

function lessonNumbersOf(course: CatalogueCourse): Map<string, number> {
  let numbers = lessonNumbers.get(course);
  if (!numbers) lessonNumbers.set(course, (numbers = new Map(course.lessons.map((lesson) => [lesson.id, lesson.number]))));
  return numbers;
}

/** A learner's course progress as a page shows it, made from their state at `version` for `course` as a catalogue gave it. */
interface KeptView {
  version: string;
  course: CatalogueCourse;
  view: CourseProgressView;
}

/**
 * Each database's learners' course progress as last made, by learner and course: a page request
 * reads only the state's version, and while it is the one kept, the view made from it is the
 * answer (the same object, so what is made of it can be kept by it too). Enough for a few
 * classes' learners in a few courses each; a view is a few hundred bytes.
 */
const keptViews = new WeakMap<Kysely<Database>, RecentlyUsed<string, KeptView>>();
const viewsKept = 8000;

function keptViewsOf(db: Kysely<Database>): RecentlyUsed<string, KeptView> {
  let kept = keptViews.get(db);
  if (!kept) keptViews.set(db, (kept = new RecentlyUsed(viewsKept)));
  return kept;
}

/** One learner's progress in one course, as its page shows it; a visitor's is `signedOutProgress`. */
export async function courseProgressView(
  db: Kysely<Database>,
  userSub: string | null,
  course: CatalogueCourse,
): Promise<CourseProgressView> {
  if (userSub === null) return signedOutProgress;
  const views = keptViewsOf(db);
  const key = `${userSub}\0${course.slug}`;
  // A view made for another version of the catalogue may number the lessons otherwise.
  const kept = views.get(key);
  const known = kept?.course === course ? kept : undefined;
  const state = await progressAndRating(db, userSub, course.slug, known?.version);
  if (state === "unchanged") return known!.view;
  const view = progressViewOf(state, course);
  views.set(key, { version: state.version, course, view });
  return view;
}

/** What the page shows of a learner's state in the course, shared by the requests that find it kept. */
function progressViewOf({ progress, rating }: LearnerCourseState, course: CatalogueCourse): CourseProgressView {
  const numberOf = lessonNumbersOf(course);
  const finished: number[] = [];
  const positions: Record<number, number> = {};
  /** The lesson touched last (the later one in the course on a tie), to open the page where they left off. */
  let last: { number: number; updatedAt: string } | null = null;
  for (const entry of progress) {
    const number = numberOf.get(entry.lessonId);
    if (number === undefined) continue;
    if (entry.finished) finished.push(number);
    if (entry.positionSeconds > 0) positions[number] = entry.positionSeconds;
    if (last === null || entry.updatedAt > last.updatedAt || (entry.updatedAt === last.updatedAt && number > last.number)) {
      last = { number, updatedAt: entry.updatedAt };
    }
  }
  return sharedValue({
    signedIn: true,
    finished: finished.sort((a, b) => a - b),
    positions,
    resumeLesson: last?.number ?? null,
    started: progress.length > 0,
    rating,
  });
}

/**
 * A course page's personal data for the learner `userSub` (null: a visitor), and the address of
 * the page that everyone sees alike to fill in with it: without `?lesson=`, the page opens at
 * the learner's last lesson, which is that lesson's address. Null for an address no course has.
 */
export async function coursePagePersonalData(
  db: Kysely<Database>,
  userSub: string | null,
  url: URL,
  /** The versions the page filled in was kept at (versionedSnapshot). */
  knownVersions?: KnownVersions,
): Promise<{ data: CourseProgressView; sharedAddress: string } | null> {
  const course = (await courseCatalogue(db, knownVersions)).courseAt(url.pathname);
  if (!course) return null;
  const data = await courseProgressView(db, userSub, course);
  if (url.searchParams.has("lesson") || data.resumeLesson === null) return { data, sharedAddress: url.pathname + url.search };
  const query = new URLSearchParams(url.search);
  query.set("lesson", String(data.resumeLesson));
  return { data, sharedAddress: `${url.pathname}?${query}` };
}
