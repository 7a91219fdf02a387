import { z } from "zod";
import { about } from "./about.ts";
import { contactDetails } from "./contact.ts";
import { categories } from "./categories.ts";
import { coursesByCategory } from "./seeds/courses.ts";
import { gallery } from "./gallery.ts";
import { lessonsByCourse } from "./seeds/lessons/index.server.ts";
import { pillars } from "./pillars.ts";
import { questionsByQuiz } from "./seeds/quiz-questions/index.server.ts";
import { quizzes } from "./seeds/quizzes.ts";
import {
  aboutSchema,
  contactDetailsSchema,
  courseCardSchema,
  courseCategorySchema,
  galleryItemSchema,
  pillarSchema,
  siteSchema,
  slideSchema,
  teamMemberSchema,
  testimonialSchema,
} from "./schemas.ts";
import { site } from "./site.ts";
import { slides } from "./slides.ts";
import { instructors, mentors } from "./team.ts";
import { testimonials } from "./testimonials.ts";

const lessonSchema = z.object({ title: z.string().min(3).max(80), description: z.string().min(120).max(600) });
const quizQuestionSchema = z
  .object({
    id: z.string().regex(/^[a-z]+-\d{2}$/),
    question: z.string().min(5),
    code: z.string().min(1).optional(),
    options: z.array(z.string().min(1)).min(2).max(6),
    answer: z.string().min(1),
  })
  .refine((q) => new Set(q.options).size === q.options.length, "options must differ")
  .refine((q) => q.options.includes(q.answer), "the answer must be one of the options");

const siteContentSchema = z
  .object({
    site: siteSchema,
    about: aboutSchema,
    slides: z.array(slideSchema).length(2),
    pillars: z.array(pillarSchema).length(3),
    categories: z.array(courseCategorySchema).length(4),
    coursesByCategory: z.record(z.string(), z.array(courseCardSchema)),
    instructors: z.array(teamMemberSchema).min(1),
    mentors: z.array(teamMemberSchema).min(1),
    testimonials: z.array(testimonialSchema).length(4),
    contactDetails: contactDetailsSchema,
    gallery: z.array(galleryItemSchema).min(1),
    lessonsByCourse: z.record(z.string(), z.array(lessonSchema)),
    questionsByQuiz: z.record(z.string(), z.array(quizQuestionSchema)),
  })
  .superRefine((content, ctx) => {
    for (const category of content.categories) {
      const cards = content.coursesByCategory[category.id];
      if (category.href && cards?.length !== category.count) {
        ctx.addIssue({ code: "custom", message: `${category.name} shows ${category.count} but lists ${cards?.length ?? 0} courses` });
      }
    }
    const ids = Object.values(content.coursesByCategory).flatMap((cards) => cards.map((course) => course.id));
    const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
    if (duplicate) ctx.addIssue({ code: "custom", message: `course id ${duplicate} is used twice` });
    // The numbers of lessons and questions are the spec's, checked by tests of the seeded database
    // (tests/integration/learning-seed.test.ts): staff may change them once the site runs.
    for (const quiz of quizzes) {
      const questions = content.questionsByQuiz[quiz.slug] ?? [];
      const ids = new Set(questions.map((q) => q.id));
      if (ids.size !== questions.length) ctx.addIssue({ code: "custom", message: `the ${quiz.title} quiz repeats a question id` });
    }
  });

/** Checks all site content, the first start's courses and quizzes among it, against its schemas; a mistake stops the server at start. */
export function validateSiteContent() {
  const result = siteContentSchema.safeParse({
    site,
    about,
    slides,
    pillars,
    categories,
    coursesByCategory,
    instructors,
    mentors,
    testimonials,
    contactDetails,
    gallery,
    lessonsByCourse,
    questionsByQuiz,
  });
  if (!result.success) throw new Error(`Site content is invalid:\n${z.prettifyError(result.error)}`);
}
