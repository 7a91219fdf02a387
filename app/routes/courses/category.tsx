import { data } from "react-router";
import { CourseGrid } from "#app/features/courses/components/course-card.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { categories } from "#app/content/categories.ts";
import { servicesContext } from "#app/context.ts";
import { courseCatalogue } from "#app/features/courses/catalogue.server.ts";
import { listingCards } from "#app/features/courses/listings.server.ts";
import { learnerNumbersByCourse } from "#app/features/courses/learner-numbers.server.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/category";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

function categoryAt(pathname: string) {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  return categories.find((category) => category.href?.toLowerCase() === path);
}

/** One listing (/courses/mern, /courses/fullstack, /cources/programming), chosen by its address. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const category = categoryAt(url.pathname);
  if (!category) throw data("No such course category", { status: 404 });
  const { db, fileAddress } = context.get(servicesContext);
  const [catalogue, numbers] = await Promise.all([courseCatalogue(db), learnerNumbersByCourse(db)]);
  return { categoryId: category.id, courses: listingCards(catalogue, category.id, fileAddress, numbers) };
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => {
  const category = categories.find((c) => c.id === loaderData?.categoryId);
  return pageMeta(category ? `${category.name} Courses` : errorTitle(error));
};

export const handle = sameForEveryVisitor(["courses", "learner-numbers"], "same");

export default function Category({ loaderData }: Route.ComponentProps) {
  const category = categories.find((c) => c.id === loaderData.categoryId)!;
  return (
    <>
      <PageHeader title={`${category.name} Courses`} />
      <section className="section" aria-labelledby="listing-heading">
        <h2 id="listing-heading" className="mb-6 text-2xl font-bold">
          {loaderData.courses.length === 1 ? "1 course" : `${loaderData.courses.length} courses`}
        </h2>
        {loaderData.courses.length ? (
          <CourseGrid courses={loaderData.courses} />
        ) : (
          <p className="text-center text-muted">No courses are listed here at the moment.</p>
        )}
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
