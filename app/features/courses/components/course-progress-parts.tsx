// The parts of a course page that show the learner's own progress: slots of the page kept for
// everyone (app/lib/personal/), filled in per learner.
import { Form, Link } from "react-router";
import { signInHref } from "#app/features/auth/index.ts";
import { PROGRESS_PATH } from "../progress-reporting.ts";
import type { CourseProgressView } from "../types.ts";

/** Under the lesson's heading: finished, a button to say so, or an invitation to sign in. */
export function LessonProgressPanel({
  course,
  lesson,
  pathname,
  person,
}: {
  course: string;
  lesson: number;
  pathname: string;
  person: CourseProgressView;
}) {
  if (!person.signedIn) {
    return (
      <p className="mt-4 text-sm">
        <Link to={signInHref(`${pathname}?lesson=${lesson}`)} className="underline">
          Sign in
        </Link>{" "}
        to keep your place in each lesson and mark lessons finished.
      </p>
    );
  }
  if (person.finished.includes(lesson)) {
    return (
      <p role="status" className="mt-4 font-semibold text-emerald-800">
        You have finished this lesson.
      </p>
    );
  }
  return (
    <Form method="post" action={PROGRESS_PATH} className="mt-4">
      <input type="hidden" name="course" value={course} />
      <input type="hidden" name="lesson" value={lesson} />
      <input type="hidden" name="finished" value="true" />
      <input type="hidden" name="return_to" value={pathname} />
      <button type="submit" className="btn-primary">
        Mark as finished
      </button>
    </Form>
  );
}

LessonProgressPanel.decidedBy = ({ lesson, person }: { lesson: number; person: CourseProgressView }) =>
  !person.signedIn ? "signed out" : person.finished.includes(lesson) ? "finished" : "open";

/** Beside the lessons' heading, for a learner: how many they finished. */
export function FinishedCount({ person }: { person: CourseProgressView }) {
  return person.signedIn ? <span className="ml-3 text-lg font-normal text-muted"> ({person.finished.length} finished)</span> : null;
}

FinishedCount.variant = ({ person }: { person: CourseProgressView }) => (person.signedIn ? String(person.finished.length) : "signed out");

/** On a lesson's card, once the learner finished it. */
export function FinishedBadge({ lesson, person }: { lesson: number; person: CourseProgressView }) {
  return person.finished.includes(lesson) ? (
    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-emerald-900">Finished</span>
  ) : null;
}
FinishedBadge.variant = ({ lesson, person }: { lesson: number; person: CourseProgressView }) =>
  person.finished.includes(lesson) ? "finished" : "not finished";

const starCounts = [1, 2, 3, 4, 5] as const;
/** Where the rating form posts (app/routes/courses/course-rating.ts). */
const RATING_PATH = "/ratings";

/** Under the lessons, for a learner who started the course: their rating, to give or change (a form: works without JavaScript). */
export function CourseRatingPanel({
  course,
  title,
  pathname,
  person,
}: {
  course: string;
  title: string;
  pathname: string;
  person: CourseProgressView;
}) {
  if (!person.signedIn || !person.started) return null;
  return (
    <section id="rating" aria-labelledby="rating-heading" className="mt-14 scroll-mt-24">
      <h2 id="rating-heading" className="section-title">
        Your rating
      </h2>
      {person.rating !== null && (
        <p role="status" className="mb-4">
          You rated {title} {person.rating} out of 5. Choose again to change it.
        </p>
      )}
      <Form method="post" action={RATING_PATH} className="space-y-4">
        <input type="hidden" name="course" value={course} />
        <input type="hidden" name="return_to" value={pathname} />
        <fieldset>
          <legend className="mb-2 font-medium">How good is this course for you? 1 star is poor, 5 stars excellent.</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {starCounts.map((stars) => (
              <label key={stars} className="flex items-center gap-2">
                <input type="radio" name="stars" value={stars} defaultChecked={person.rating === stars} required />
                {stars === 1 ? "1 star" : `${stars} stars`}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn-primary">
          Save my rating
        </button>
      </Form>
    </section>
  );
}
CourseRatingPanel.decidedBy = ({ person }: { person: CourseProgressView }) =>
  !person.signedIn || !person.started ? "none" : `rated ${person.rating}`;
