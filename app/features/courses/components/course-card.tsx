import { Link } from "react-router";
import type { ListingCard as Course } from "../types.ts";
import { Icon } from "#app/components/icons.tsx";
import { revealDelayClass } from "#app/components/reveal-delay.ts";
import { StarRating } from "#app/components/star-rating.tsx";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** One course of a listing: every field of the spec's course card. */
export function CourseCard({ course }: { course: Course }) {
  return (
    <article
      className={`reveal ${revealDelayClass(course.time)} flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm`}
    >
      <img
        src={course.img.src}
        alt={course.img.alt}
        width={course.img.width}
        height={course.img.height}
        loading="lazy"
        decoding="async"
        className="aspect-[3/2] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5 text-center">
        <p className="text-lg">
          <span className="sr-only">Regular price </span>
          <del className="font-semibold text-muted">{usd.format(course.price)}</del>
        </p>
        <p className="mt-1 flex items-center justify-center gap-2 text-sm text-muted">
          {course.averageStars === null ? (
            <>
              <StarRating value={0} label="Not rated yet" />
              <span>(no ratings yet)</span>
            </>
          ) : (
            <>
              <StarRating value={course.averageStars} />
              <span>({course.review === 1 ? "1 rating" : `${course.review.toLocaleString("en-US")} ratings`})</span>
            </>
          )}
        </p>
        <h3 className="mt-3 text-lg font-bold">{course.title}</h3>
        <div className="mt-auto grid grid-cols-3 gap-1 border-t border-gray-200 pt-3 text-xs text-muted">
          <span className="flex flex-col items-center gap-1">
            <Icon name="user" className="text-brand-700" />
            {course.teachername}
          </span>
          <span className="flex flex-col items-center gap-1">
            <Icon name="clock" className="text-brand-700" />
            {course.duration}
          </span>
          <span className="flex flex-col items-center gap-1">
            <Icon name="users" className="text-brand-700" />
            {course.totalstudent === 1 ? "1 Student" : `${course.totalstudent.toLocaleString("en-US")} Students`}
          </span>
        </div>
        <div className="mt-4 flex justify-center gap-2">
          <Link to={course.readlink} className="btn-light border border-brand-700 px-4 py-2 text-sm">
            Read More<span className="sr-only"> about {course.title}</span>
          </Link>
          <Link to={course.join} className="btn-primary px-4 py-2 text-sm">
            Join Now<span className="sr-only">: {course.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

export function CourseGrid({ courses }: { courses: Course[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course) => (
        <li key={course.id} className="flex">
          <CourseCard course={course} />
        </li>
      ))}
    </ul>
  );
}
