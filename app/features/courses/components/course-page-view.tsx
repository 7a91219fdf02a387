import { useState } from "react";
import { Link, useLocation } from "react-router";
import { PageHeader } from "#app/components/page-header.tsx";
import { PersonalSlot } from "#app/lib/personal/personal-slot.tsx";
import { courseProgressData, type CourseProgressView, type LessonView } from "../types.ts";
import { CourseRatingPanel, FinishedBadge, FinishedCount, LessonProgressPanel } from "./course-progress-parts.tsx";
import { LessonNotes } from "./lesson-notes.tsx";
import { LessonPlayer } from "./lesson-player.tsx";

/**
 * A video course page as learners see it: the lesson's player (or its notes in the player's place),
 * its progress, what the course is about and every lesson. The course page and its teachers'
 * preview show the same.
 */
export function CoursePageView({
  course,
  lessons,
  current,
  notes,
  progress,
}: {
  course: { slug: string; title: string; image: string; descriptionHtml: string };
  lessons: LessonView[];
  current: number;
  notes: string;
  progress: CourseProgressView;
}) {
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
        {course.descriptionHtml && (
          <div className="section pt-0">
            <CourseDescription html={course.descriptionHtml} />
          </div>
        )}
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

        <CourseDescription html={course.descriptionHtml} />

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

        <PersonalSlot
          id="course-rating"
          data={courseProgressData}
          part={CourseRatingPanel}
          props={{ course: course.slug, title: course.title, pathname }}
          person={progress}
        />
      </div>
    </>
  );
}

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

/** What the course is about, as its teachers wrote it; nothing when they have not. */
function CourseDescription({ html }: { html: string }) {
  if (!html) return null;
  return (
    <section aria-labelledby="about-course-heading" className="mt-14 max-w-3xl">
      <h2 id="about-course-heading" className="section-title">
        About this course
      </h2>
      <div className="lesson-notes" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
