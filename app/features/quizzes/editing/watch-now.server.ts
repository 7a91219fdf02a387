import type { Kysely } from "kysely";
import type { SelectGroup } from "#app/components/select-field.tsx";
import { categories } from "#app/content/categories.ts";

/** The course listings' pages (a category without a page of its own is not one). */
const listings = categories.flatMap((category) => (category.href ? [{ name: category.name, href: category.href }] : []));
import type { Database } from "#app/lib/db/schema.ts";

/**
 * What a quiz's Watch Now may open: a course listing, or any address of a course this site has
 * (a draft says so: students reach it once it is published). Never an address no page answers.
 */
export async function watchNowChoices(db: Kysely<Database>): Promise<SelectGroup[]> {
  const paths = await db
    .selectFrom("course_paths")
    .innerJoin("courses", "courses.slug", "course_paths.course_slug")
    .select(["course_paths.path", "courses.title", "courses.status"])
    .orderBy("courses.position")
    .orderBy("courses.slug")
    .orderBy("course_paths.position")
    .execute();
  return [
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
}

export async function isWatchNowChoice(db: Kysely<Database>, path: string) {
  if (listings.some((listing) => listing.href === path)) return true;
  return (await db.selectFrom("course_paths").select("path").where("path", "=", path).executeTakeFirst()) !== undefined;
}

export const notAChoice = "Choose a course or a listing of this site: no page answers at this address.";
