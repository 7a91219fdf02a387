import type { Kysely } from "kysely";
import type { SelectGroup } from "#app/components/select-field.tsx";
import { categories } from "#app/content/categories.ts";
import type { Database } from "#app/lib/db/schema.ts";

/** The course listings' pages (a category without a page of its own is not one). */
const listings = categories.flatMap((category) => (category.href ? [{ name: category.name, href: category.href }] : []));

/**
 * What a quiz's Watch Now may open: a course listing, or any address of a course this site has
 * that is not archived (a draft says so: students reach it once it is published). Never an address
 * no page answers. A quiz's `current` address that is none of these is offered as it is, marked,
 * so that saving the other settings never changes it silently; the server then asks for a choice.
 */
export async function watchNowChoices(db: Kysely<Database>, current?: string): Promise<SelectGroup[]> {
  const paths = await db
    .selectFrom("course_paths")
    .innerJoin("courses", "courses.slug", "course_paths.course_slug")
    .select(["course_paths.path", "courses.title", "courses.status"])
    .where("courses.status", "!=", "archived")
    .orderBy("courses.position")
    .orderBy("courses.slug")
    .orderBy("course_paths.position")
    .execute();
  const groups: SelectGroup[] = [
    {
      label: "Course listings",
      options: listings.map((listing) => ({ value: listing.href, label: `${listing.name} (${listing.href})` })),
    },
    {
      label: "Courses",
      options: paths.map((row) => ({
        value: row.path,
        label: `${row.title}${row.status === "published" ? "" : ` (${row.status})`} (${row.path})`,
      })),
    },
  ];
  const offered = groups.some((group) => group.options.some((option) => option.value === current));
  if (current === undefined || offered) return groups;
  return [{ label: "Now", options: [{ value: current, label: `${current} (no course or listing here: choose another)` }] }, ...groups];
}

export async function isWatchNowChoice(db: Kysely<Database>, path: string) {
  if (listings.some((listing) => listing.href === path)) return true;
  const course = await db
    .selectFrom("course_paths")
    .innerJoin("courses", "courses.slug", "course_paths.course_slug")
    .select("course_paths.path")
    .where("course_paths.path", "=", path)
    .where("courses.status", "!=", "archived")
    .executeTakeFirst();
  return course !== undefined;
}

export const notAChoice = "Choose a course or a listing of this site: no page answers at this address.";
