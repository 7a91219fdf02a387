import type { Kysely } from "kysely";
import type { Database } from "#app/lib/db/schema.ts";
import { versionedSnapshot } from "#app/lib/content-versions/versioned-snapshot.server.ts";
import { renderMarkdown } from "#app/lib/markdown/render-markdown.server.ts";
import { captionFilesByLesson } from "./caption-files.server.ts";
import type { CaptionFile } from "./types.ts";

/** A lesson learners can see, numbered in its course's order from 1. */
export interface CatalogueLesson {
  id: string;
  number: number;
  title: string;
  description: string;
  /** Media keys; whether the files are really there is the media catalogue's question. */
  video: string | null;
  captions: CaptionFile[];
  durationSeconds: number | null;
}

/** A published course with its published lessons. */
export interface CatalogueCourse {
  slug: string;
  title: string;
  /** What the course is about, as HTML rendered from its Markdown once per content version; empty when none is written. */
  descriptionHtml: string;
  /** As stored: a public file's stable address or a media key (see courseImageAddress). */
  image: { src: string; alt: string; width: number; height: number };
  /** Every address that shows it; the first is its own, where links lead. */
  paths: string[];
  lessons: CatalogueLesson[];
}

/** A card of a category listing (the spec's card fields), of a published course. */
export interface CatalogueListing {
  id: string;
  courseSlug: string;
  path: string;
  title: string;
  teacher: string;
  price: number;
  duration: string;
}

export interface CourseCatalogue {
  courses: CatalogueCourse[];
  /** The course an address shows, in any letter case and with or without a trailing slash. */
  courseAt(pathname: string): CatalogueCourse | undefined;
  course(slug: string): CatalogueCourse | undefined;
  /** The cards of a category listing, in order; empty for a category with none. */
  listing(category: string): CatalogueListing[];
}

const pathKey = (pathname: string) => pathname.replace(/\/+$/, "").toLowerCase();

async function loadCatalogue(db: Kysely<Database>): Promise<CourseCatalogue> {
  const [courseRows, pathRows, listingRows, lessonRows, captions] = await Promise.all([
    db.selectFrom("courses").selectAll().where("status", "=", "published").orderBy("position").orderBy("slug").execute(),
    db.selectFrom("course_paths").selectAll().orderBy("course_slug").orderBy("position").execute(),
    db.selectFrom("course_listings").selectAll().orderBy("category").orderBy("position").orderBy("id").execute(),
    db
      .selectFrom("lessons")
      .select(["id", "course_slug", "title", "description", "video", "duration_seconds"])
      .where("status", "=", "published")
      .orderBy("course_slug")
      .orderBy("position")
      .orderBy("id")
      .execute(),
    captionFilesByLesson(db, { published: true }),
  ]);
  const courses = courseRows.map((row): CatalogueCourse => ({
    slug: row.slug,
    title: row.title,
    descriptionHtml: row.description.trim() ? renderMarkdown(row.description) : "",
    image: { src: row.image_src, alt: row.image_alt, width: row.image_width, height: row.image_height },
    paths: pathRows.filter((path) => path.course_slug === row.slug).map((path) => path.path),
    lessons: [],
  }));
  const bySlug = new Map(courses.map((course) => [course.slug, course]));
  for (const row of lessonRows) {
    const lessons = bySlug.get(row.course_slug)?.lessons;
    lessons?.push({
      id: row.id,
      number: lessons.length + 1,
      title: row.title,
      description: row.description,
      video: row.video,
      captions: captions.get(row.id) ?? [],
      durationSeconds: row.duration_seconds,
    });
  }
  const byPath = new Map<string, CatalogueCourse>();
  for (const row of pathRows) {
    const course = bySlug.get(row.course_slug);
    if (course) byPath.set(row.path_key, course);
  }
  const listings = new Map<string, CatalogueListing[]>();
  for (const row of listingRows) {
    if (!bySlug.has(row.course_slug)) continue;
    const list = listings.get(row.category) ?? [];
    list.push({
      id: row.id,
      courseSlug: row.course_slug,
      path: row.path,
      title: row.title,
      teacher: row.teacher,
      price: row.price,
      duration: row.duration,
    });
    listings.set(row.category, list);
  }
  return {
    courses,
    courseAt: (pathname) => byPath.get(pathKey(pathname)),
    course: (slug) => bySlug.get(slug),
    listing: (category) => listings.get(category) ?? [],
  };
}

/** The published courses, read again only after staff change one (on any instance). */
export const courseCatalogue = versionedSnapshot("courses", loadCatalogue);
