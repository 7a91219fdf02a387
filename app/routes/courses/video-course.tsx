import { useState } from "react";
import { data, Link, useLocation } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { servicesContext } from "#app/context.ts";
import { getUser } from "#app/features/auth/index.server.ts";
import { courseCatalogue } from "#app/features/courses/catalogue.server.ts";
import { LessonNotes } from "#app/features/courses/components/lesson-notes.tsx";
import { LessonPlayer } from "#app/features/courses/components/lesson-player.tsx";
import { loadCoursePage } from "#app/features/courses/course-page.server.ts";
import { courseProgressView } from "#app/features/courses/course-progress.server.ts";
import { FinishedBadge, FinishedCount, LessonProgressPanel } from "#app/features/courses/components/course-progress-parts.tsx";
import { courseProgressData, type CourseProgressView, type LessonView } from "#app/features/courses/types.ts";
import { PersonalSlot } from "#app/lib/personal/personal-slot.tsx";
import { personalOf } from "#app/lib/personal/personal-data.ts";
import { notFoundAt } from "#app/lib/http/malformed-address.ts";
import { errorTitle, pageMeta } from "#app/lib/http/meta.ts";
import type { Route } from "./+types/video-course";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

/**
 * A video course page, chosen by its address (any of the course's, stored with it); `?lesson=N`
 * picks the lesson, else a signed-in learner's last. `progress` is the learner's: the rest is the
 * same for everyone.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { db, media, fileAddress } = context.get(servicesContext);
  const course = (await courseCatalogue(db)).courseAt(url.pathname);
  if (!course) throw notFoundAt(url.pathname, "No such course");
  const progress = await courseProgressView(db, getUser(context)?.sub ?? null, course);
  const page = await loadCoursePage({
    db,
    media,
    course,
    posterAddress: fileAddress(course.image.src),
    requestedLesson: url.searchParams.get("lesson"),
    resumeLesson: progress.resumeLesson,
  });
  if (!page) throw data("No such lesson", { status: 404 });
  return { ...page, progress };
}

export const meta = ({ loaderData, error }: Route.MetaArgs) => pageMeta(loaderData?.course.title ?? errorTitle(error));

function LessonCard({
  lesson,
  current,
  pathname,
  progress,
}: {
  lesson: LessonView;
  current: boolean;
  pathname: string;
  progress: CourseProgressView;
}) {
  return (
    <li
      aria-current={current ? "true" : undefined}
      className={`rounded-lg border p-5 shadow-sm ${current ? "border-brand-700 bg-brand-50" : "border-gray-200"}`}
    >
      <p className="text-sm font-semibold text-brand-800">Lesson {lesson.number}</p>
      <h3 className="mt-1 text-lg font-bold">
        <Link to={`${pathname}?lesson=${lesson.number}#player`} className="hover:underline">
          {lesson.title}
        </Link>
      </h3>
      <p className="mt-2 text-muted">{lesson.description}</p>
      <p className="mt-3 flex flex-wrap gap-2 text-sm">
        {current && <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-white">Now showing</span>}
        <PersonalSlot
          id={`lesson-finished-${lesson.number}`}
          as="span"
          data={courseProgressData}
          part={FinishedBadge}
          props={{ lesson: lesson.number }}
          person={progress}
        />
        {!lesson.media && <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-gray-800">Video not available</span>}
      </p>
    </li>
  );
}

export const handle = sameForEveryVisitor(["media", "courses"], courseProgressData);

export default function VideoCourse({ loaderData }: Route.ComponentProps) {
  const { course, lessons, current, notes } = loaderData;
  const progress = personalOf(courseProgressData, loaderData, loaderData.progress);
  const { pathname } = useLocation();
  const [speed, setSpeed] = useState("1");
  const lesson = lessons[current - 1];
  if (!lesson) {
    return (
      <>
        <PageHeader title={course.title} />
        <section className="section text-center" aria-labelledby="no-lessons-heading">
          <h2 id="no-lessons-heading" className="section-title">
            No lessons yet
          </h2>
          <p className="text-muted">The first lesson of this course is being prepared. Please come back soon.</p>
          <Link to="/courses" className="btn-primary mt-6">
            See all courses
          </Link>
        </section>
      </>
    );
  }
  return (
    <>
      <PageHeader title={course.title} />
      <div className="section">
        <section id="player" aria-labelledby="lesson-heading" className="grid scroll-mt-24 gap-8 lg:grid-cols-3">
          {/* min-w-0: a grid item is as wide as its widest line otherwise, and a code block's lines are long. */}
          <div className="min-w-0 lg:col-span-2">
            {lesson.media ? (
              <LessonPlayer
                key={lesson.number}
                courseSlug={course.slug}
                poster={course.image}
                lesson={lesson}
                media={lesson.media}
                progress={progress}
                speed={speed}
                onSpeedChange={setSpeed}
              />
            ) : (
              <>
                {/* No video: the notes are the lesson, in the player's place. */}
                <p className="mb-6 rounded-lg bg-gray-100 px-4 py-3">
                  <strong>This lesson's video is not available yet.</strong> Its notes below teach it; you can mark it finished once you
                  have read them.
                </p>
                <LessonNotes html={notes} />
              </>
            )}
          </div>
          <div>
            <p className="section-kicker">
              Lesson {lesson.number} of {lessons.length}
            </p>
            <h2 id="lesson-heading" className="text-2xl font-bold">
              {lesson.title}
            </h2>
            <p id="lesson-description" className="mt-3 text-muted">
              {lesson.description}
            </p>
            <PersonalSlot
              id="lesson-progress"
              data={courseProgressData}
              part={LessonProgressPanel}
              props={{ course: course.slug, lesson: lesson.number, pathname }}
              person={progress}
            />
            <nav aria-label="Lessons" className="mt-6 flex gap-3">
              {lesson.number > 1 && (
                <Link to={`${pathname}?lesson=${lesson.number - 1}#player`} className="btn-light border border-gray-300">
                  Previous lesson
                </Link>
              )}
              {lesson.number < lessons.length && (
                <Link to={`${pathname}?lesson=${lesson.number + 1}#player`} className="btn-light border border-gray-300">
                  Next lesson
                </Link>
              )}
            </nav>
          </div>
          {lesson.media && <LessonNotes html={notes} className="min-w-0 lg:col-span-2" />}
        </section>

        <section aria-labelledby="lessons-heading" className="mt-14">
          <h2 id="lessons-heading" className="section-title">
            {lessons.length === 1 ? "1 lesson" : `${lessons.length} lessons`}
            <PersonalSlot id="lessons-finished" as="span" data={courseProgressData} part={FinishedCount} props={{}} person={progress} />
          </h2>
          <ol className="grid gap-4 md:grid-cols-2">
            {lessons.map((l) => (
              <LessonCard key={l.number} lesson={l} current={l.number === lesson.number} pathname={pathname} progress={progress} />
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/route-error-boundary.tsx";
