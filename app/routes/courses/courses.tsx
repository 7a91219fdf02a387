import { Link } from "react-router";
import { CourseGrid } from "#app/components/course-card.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { categories } from "#app/content/categories.ts";
import { coursesByCategory } from "#app/content/courses.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { sameForEveryVisitor } from "#app/lib/page-cache.ts";

export const meta = () => pageMeta("Courses", "Every course we teach: MERN Stack, Full Stack Web Development and programming languages.");

export const handle = sameForEveryVisitor([]);

export default function Courses() {
  return (
    <>
      <PageHeader title="Courses" />
      {categories.map((category) => {
        const courses = coursesByCategory[category.id];
        return (
          courses && (
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
          )
        );
      })}
    </>
  );
}
