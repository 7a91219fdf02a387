import { data } from "react-router";
import { CourseGrid } from "#app/components/course-card.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { categories } from "#app/content/categories.ts";
import { coursesByCategory } from "#app/content/courses.ts";
import { errorTitle, pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/category";
import { sameForEveryVisitor } from "#app/lib/page-cache.ts";

function categoryAt(pathname: string) {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  return categories.find((category) => category.href?.toLowerCase() === path);
}

/** One listing (/courses/mern, /courses/fullstack, /cources/programming), chosen by its address. */
export function loader({ url }: Route.LoaderArgs) {
  const category = categoryAt(url.pathname);
  if (!category || !coursesByCategory[category.id]) throw data("No such course category", { status: 404 });
  return { categoryId: category.id };
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => {
  const category = categories.find((c) => c.id === loaderData?.categoryId);
  return pageMeta(category ? `${category.name} Courses` : errorTitle(error));
};

export const handle = sameForEveryVisitor([]);

export default function Category({ loaderData }: Route.ComponentProps) {
  const category = categories.find((c) => c.id === loaderData.categoryId)!;
  return (
    <>
      <PageHeader title={`${category.name} Courses`} />
      <section className="section" aria-label={`${category.name} courses`}>
        <CourseGrid courses={coursesByCategory[category.id]!} />
      </section>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
