import type { Crumb } from "#app/components/page-header.tsx";

// The staff area's breadcrumbs: inside the staff area, not through the public "Pages".
const home: Crumb = { label: "Home", href: "/" };
const staffArea: Crumb = { label: "Staff area", href: "/staff" };

export const staffTrail = {
  /** The staff area's start page. */
  start: [home],
  /** Courses, quizzes, messages, accounts, the audit log. */
  area: [home, staffArea],
  /** A course's pages, and a new course. */
  courses: [home, staffArea, { label: "Courses", href: "/staff/courses" }],
  /** A lesson's pages and a course's numbers. */
  course: (course: { slug: string; title: string }): Crumb[] => [
    ...staffTrail.courses,
    { label: course.title, href: `/staff/courses/${course.slug}` },
  ],
  /** A quiz's page. */
  quizzes: [home, staffArea, { label: "Quizzes", href: "/staff/quizzes" }],
  /** A quiz's preview. */
  quiz: (quiz: { slug: string; title: string }): Crumb[] => [
    ...staffTrail.quizzes,
    { label: quiz.title, href: `/staff/quizzes/${quiz.slug}` },
  ],
} as const;
