// What a booking can be about: a lesson of a course or a quiz, linked from the booking.
import type { Kysely } from "kysely";
import { courseCatalogue } from "#app/features/courses/index.server.ts";
import { quizCatalogue } from "#app/features/quizzes/index.server.ts";
import type { Database } from "#app/lib/db/schema.ts";

export interface Topic {
  /** "lesson:<course>/<number>" or "quiz:<slug>", as the booking form sends it. */
  value: string;
  kind: "lesson" | "quiz";
  title: string;
  path: string;
}

export interface TopicGroup {
  label: string;
  topics: Topic[];
}

/**
 * The form's choices: the lessons of the courses the mentor mentors (every course when they name
 * none), then the quizzes.
 */
export async function topicChoices(db: Kysely<Database>, mentorCourses: readonly string[]): Promise<TopicGroup[]> {
  const [courses, quizzes] = await Promise.all([courseCatalogue(db), quizCatalogue(db)]);
  const chosen = mentorCourses.length ? courses.courses.filter((course) => mentorCourses.includes(course.slug)) : courses.courses;
  return [
    ...chosen.map((course) => ({
      label: course.title,
      topics: course.lessons.map((lesson) => ({
        value: `lesson:${course.slug}/${lesson.number}`,
        kind: "lesson" as const,
        title: `${course.title}, lesson ${lesson.number}: ${lesson.title}`,
        path: `${course.paths[0]}?lesson=${lesson.number}`,
      })),
    })),
    {
      label: "Quizzes",
      topics: quizzes.quizzes.map((quiz) => ({
        value: `quiz:${quiz.slug}`,
        kind: "quiz" as const,
        title: `Quiz: ${quiz.title}`,
        path: `/test/${quiz.slug}`,
      })),
    },
  ].filter((group) => group.topics.length > 0);
}

/** The published lesson or quiz a form's value names, whatever the mentor mentors; undefined when none. */
export async function findTopic(db: Kysely<Database>, value: string): Promise<Topic | undefined> {
  const lesson = /^lesson:([a-z0-9-]+)\/(\d+)$/.exec(value);
  if (lesson) {
    const course = (await courseCatalogue(db)).course(lesson[1]!);
    const found = course?.lessons.find((candidate) => candidate.number === Number(lesson[2]));
    return course && found
      ? {
          value,
          kind: "lesson",
          title: `${course.title}, lesson ${found.number}: ${found.title}`,
          path: `${course.paths[0]}?lesson=${found.number}`,
        }
      : undefined;
  }
  const quiz = /^quiz:([a-z0-9-]+)$/.exec(value);
  const found = quiz ? (await quizCatalogue(db)).quiz(quiz[1]!) : undefined;
  return found ? { value, kind: "quiz", title: `Quiz: ${found.title}`, path: `/test/${found.slug}` } : undefined;
}
