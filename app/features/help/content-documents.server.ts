import { about } from "#app/content/about.ts";
import { categories } from "#app/content/categories.ts";
import { contactDetails } from "#app/content/contact.ts";
import { pillars } from "#app/content/pillars.ts";
import { instructors, mentors } from "#app/content/team.ts";
import { testimonials } from "#app/content/testimonials.ts";
import type { CourseCatalogue } from "#app/features/courses/index.server.ts";
import type { QuizCatalogue } from "#app/features/quizzes/index.server.ts";
import { helpTopics, type AccountsMode } from "./topics.ts";
import type { HelpDocument } from "./types.ts";

// Courses, quizzes and their categories come before single lessons that mention the same words.
const COURSE_WEIGHT = 1.3;

const listOf = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? ""));
/** The courses and quizzes learners see now: the assistant answers from them as staff leave them. */
export interface LearningContent {
  courses: CourseCatalogue;
  quizzes: QuizCatalogue;
}

function courseDocuments({ courses }: LearningContent): HelpDocument[] {
  const allCards = categories.flatMap((category) => courses.listing(category.id));
  return courses.courses.map((course) => {
    const cards = allCards.filter((card) => card.courseSlug === course.slug);
    const teachers = [...new Set(cards.map((card) => card.teacher))];
    const { lessons } = course;
    const inCategories = categories.filter(
      (category) => category.href && course.paths.some((path) => path.startsWith(`${category.href}/`)),
    );
    const taught = teachers.length ? ` taught by ${listOf(teachers)}` : "";
    const firstLessons = lessons.slice(0, 3).map((lesson) => lesson.title);
    return {
      id: `course:${course.slug}`,
      label: "Video course",
      title: course.title,
      text: `${lessons.length} video ${lessons.length === 1 ? "lesson" : "lessons"}${taught}.${firstLessons.length ? ` It starts with ${listOf(firstLessons)}.` : ""}`,
      keywords: [course.slug, ...inCategories.map((category) => category.name), "course", "video"].join(" "),
      href: course.paths[0]!,
      weight: COURSE_WEIGHT,
    };
  });
}

function lessonDocuments({ courses }: LearningContent): HelpDocument[] {
  return courses.courses.flatMap((course) =>
    course.lessons.map((lesson, index) => ({
      id: `lesson:${course.slug}:${index + 1}`,
      label: `Lesson ${index + 1} of ${course.title}`,
      title: lesson.title,
      text: lesson.description,
      keywords: `${course.slug} lesson`,
      href: `${course.paths[0]}?lesson=${index + 1}`,
    })),
  );
}

function quizDocuments({ quizzes }: LearningContent): HelpDocument[] {
  return quizzes.quizzes.map((quiz) => ({
    id: `quiz:${quiz.slug}`,
    label: "Quiz",
    title: `${quiz.title} quiz`,
    text: `${quiz.questions.length} multiple-choice questions on ${quiz.title}, one at a time; Finish shows your score. Signed in, you can review each answer afterwards.`,
    keywords: `${quiz.slug} quiz test exam questions`,
    href: `/test/${quiz.slug}`,
    weight: COURSE_WEIGHT,
  }));
}

function categoryDocuments({ courses }: LearningContent): HelpDocument[] {
  // Online Marketing has no listing page yet: nothing to link to, so it is not an answer.
  return categories.flatMap((category) => {
    if (!category.href) return [];
    const titles = courses.listing(category.id).map((card) => card.title);
    return [
      {
        id: `category:${category.id}`,
        label: "Course category",
        title: category.name,
        text: `${titles.length} courses: ${listOf(titles)}.`,
        keywords: `${category.id} courses category`,
        href: category.href,
        weight: COURSE_WEIGHT,
      },
    ];
  });
}

function collegeDocuments(): HelpDocument[] {
  const { collegeName, department, addressLines, phone, email, officeHours } = contactDetails;
  return [
    {
      id: "college:contact",
      label: "Contact",
      title: "Contact details",
      text: `${collegeName}, ${department}. Address: ${addressLines.join(", ")}. Phone: ${phone}. Email: ${email}. Office hours: ${officeHours}.`,
      keywords: "contact address phone email office hours location where map chennai",
      href: "/contact",
    },
    {
      id: "college:about",
      label: "About us",
      title: about.heading,
      text: about.paragraphs.join(" "),
      keywords: "about college department hybrid mentor",
      href: "/about",
    },
    ...about.highlights.map((highlight) => ({
      id: `college:about:${highlight.title.toLowerCase().replace(/\s+/g, "-")}`,
      label: "About us",
      title: highlight.title,
      text: highlight.text,
      href: "/about",
    })),
    ...pillars.map((pillar) => ({
      id: `college:${pillar.title.toLowerCase()}`,
      label: "Home page",
      title: `Our ${pillar.title.toLowerCase()}`,
      text: pillar.text,
      href: "/",
    })),
  ];
}

function peopleDocuments(): HelpDocument[] {
  return [
    ...[...instructors, ...mentors].map((member) => ({
      id: `team:${member.name.toLowerCase().replace(/\s+/g, "-")}`,
      label: "Our team",
      title: `${member.name}, ${member.role}`,
      text: member.bio,
      keywords: "team teacher instructor mentor staff faculty",
      href: "/team",
    })),
    ...testimonials.map((testimonial) => ({
      id: `testimonial:${testimonial.name.toLowerCase().replace(/\s+/g, "-")}`,
      label: "Testimonial",
      title: `${testimonial.name}, ${testimonial.role.toLowerCase()}`,
      text: testimonial.text,
      keywords: "testimonial student review experience",
      href: "/testimonial",
    })),
  ];
}

/** Everything the assistant can answer from the site's own content and help topics. */
export function contentDocuments(accounts: AccountsMode, learning: LearningContent): HelpDocument[] {
  return [
    ...helpTopics(accounts, learning.quizzes.quizzes),
    ...courseDocuments(learning),
    ...quizDocuments(learning),
    ...categoryDocuments(learning),
    ...collegeDocuments(),
    ...peopleDocuments(),
    ...lessonDocuments(learning),
  ];
}
