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

/** Beside the lessons' heading, for a learner: how many they finished. */
export function FinishedCount({ person }: { person: CourseProgressView }) {
  return person.signedIn ? <span className="ml-3 text-lg font-normal text-muted"> ({person.finished.length} finished)</span> : null;
}

/** On a lesson's card, once the learner finished it. */
export function FinishedBadge({ lesson, person }: { lesson: number; person: CourseProgressView }) {
  return person.finished.includes(lesson) ? (
    <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-emerald-900">Finished</span>
  ) : null;
}
