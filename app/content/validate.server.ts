import { z } from "zod";
import { about } from "./about.ts";
import { contactDetails } from "./contact.ts";
import { categories } from "./categories.ts";
import { coursesByCategory } from "./courses.ts";
import { gallery } from "./gallery.ts";
import { pillars } from "./pillars.ts";
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
  });

/** Checks all site content against its schemas; a mistake stops the server at start. */
export function validateSiteContent() {
  const result = siteContentSchema.safeParse({
    site, about, slides, pillars, categories, coursesByCategory, instructors, mentors, testimonials, contactDetails, gallery,
  });
  if (!result.success) throw new Error(`Site content is invalid:\n${z.prettifyError(result.error)}`);
}
