import { Link } from "react-router";
import { categories } from "#app/content/categories.ts";

/** The course-category grid with counts (by category id, from the loader); a category without a listing is not a link. */
export function CategoriesSection({ counts }: { counts: Record<string, number> }) {
  return (
    <section aria-labelledby="categories-heading" className="section">
      <p className="section-kicker text-center">Categories</p>
      <h2 id="categories-heading" className="section-title text-center">
        Courses Categories
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2">
        {categories.map((category) => {
          const count = counts[category.id] ?? 0;
          const body = (
            <>
              <img
                src={category.img.src}
                alt=""
                width={category.img.width}
                height={category.img.height}
                loading="lazy"
                decoding="async"
                className="aspect-[3/2] w-full object-cover"
              />
              {/* Under the picture, not on it: its drawing has letters of its own that would show around a label. */}
              <span className="block border-t border-gray-200 bg-white px-4 py-3 text-center">
                <span className="block text-lg font-bold text-ink">{category.name}</span>
                <span className="block text-sm text-brand-800">
                  {count} {count === 1 ? "Course" : "Courses"}
                </span>
              </span>
            </>
          );
          return (
            <li key={category.id} className="overflow-hidden rounded-lg border border-gray-200 shadow-sm">
              {category.href ? (
                <Link to={category.href} className="group block">
                  {body}
                </Link>
              ) : (
                <div>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
