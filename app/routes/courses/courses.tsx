import { Link } from "react-router";
import { CourseGrid } from "#app/features/courses/components/course-card.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { categories } from "#app/content/categories.ts";
import { servicesContext } from "#app/context.ts";
import { courseCatalogue } from "#app/features/courses/catalogue.server.ts";
import { listingCards } from "#app/features/courses/listings.server.ts";
import { learnerNumbersByCourse } from "#app/features/courses/learner-numbers.server.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";
import type { Route } from "./+types/courses";

/** Each category's listing, as staff left it. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, fileAddress } = context.get(servicesContext);
  const [catalogue, numbers] = await Promise.all([courseCatalogue(db), learnerNumbersByCourse(db)]);
  return {
    listings: Object.fromEntries(
      categories
        .filter((category) => category.href)
        .map((category) => [category.id, listingCards(catalogue, category.id, fileAddress, numbers)]),
    ),
  };
}

export const meta = () => pageMeta("Courses", "Every course we teach: MERN Stack, Full Stack Web Development and programming languages.");

export const handle = sameForEveryVisitor(["courses", "learner-numbers"], "same");

export default function Courses({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Courses" />
      {categories.map((category) => {
        const courses = loaderData.listings[category.id];
        return courses?.length ? (
          <section key={category.id} aria-labelledby={`${category.id}-heading`} className="section">
            <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`${category.id}-heading`} className="text-2xl font-bold">
                {category.name}
              </h2>
              {category.href && (
                <Link to={category.href} className="font-semibold text-brand-800 underline">
                  All {category.name} courses
                </Link>
              )}
            </div>
            <CourseGrid courses={courses} />
          </section>
        ) : null;
      })}
    </>
  );
}
