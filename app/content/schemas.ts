import { z } from "zod";

/** A site-relative link: starts with "/" and is not protocol-relative. */
const sitePath = z.string().regex(/^\/(?!\/)[^\s]*$/, "must be a site path starting with /");
/** An image of our own, served from public/images; the build adds its version (vite-plugins/version-public-files.ts). */
const imageSchema = z.object({
  src: z.string().regex(/^\/images\/[a-z0-9/_-]+\.(svg|webp|png|jpg)(\?v=[\w-]+)?$/),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

export const courseCardSchema = z.object({
  /** Stable id, kebab-case, unique across all cards. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Reveal-animation delay in seconds, as the spec's `time` field. */
  time: z.number().min(0).max(2),
  img: imageSchema,
  readlink: sitePath,
  join: sitePath,
  /** Regular price in whole US dollars, shown struck through. */
  price: z.number().int().positive(),
  /** Number of reviews. */
  review: z.number().int().nonnegative(),
  title: z.string().min(1),
  teachername: z.string().min(1),
  /** Human duration, e.g. "12 Hrs". */
  duration: z.string().min(1),
  totalstudent: z.number().int().nonnegative(),
});

export const courseCategorySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  /** Listing page; absent for categories without one (Online Marketing). */
  href: sitePath.optional(),
  img: imageSchema,
  /** Courses in the category, shown on the home grid; equals its listing's cards where it has one. */
  count: z.number().int().positive(),
});

export const teamMemberSchema = z.object({
  name: z.string().min(1),
  role: z.string().min(1),
  photo: imageSchema,
  bio: z.string().min(1),
});

export const testimonialSchema = z.object({
  name: z.string().min(1),
  role: z.literal("Student"),
  photo: imageSchema,
  text: z.string().min(20),
});

export const slideSchema = z.object({
  kicker: z.string().min(1),
  heading: z.string().min(1),
  text: z.string().min(1),
  image: imageSchema,
});

export const pillarSchema = z.object({
  title: z.enum(["Vision", "Mission", "Objectives"]),
  text: z.string().min(1),
  href: sitePath.optional(),
});

/**
 * Hosts reserved for examples and tests (RFC 2606, RFC 6761): an address there reaches nobody, so
 * a page must not send people to it.
 */
const isPlaceholderHost = (hostname: string) => /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i.test(hostname);

/** One of the college's own profiles on a social network; without `href` (none yet) it is not shown. */
const socialAccountSchema = z.object({
  name: z.string().min(1),
  href: z
    .url({ protocol: /^https$/, error: "must be an https address" })
    .refine((href) => !isPlaceholderHost(new URL(href).hostname), "must be the college's real profile, not a placeholder host")
    .optional(),
});

export const contactDetailsSchema = z.object({
  collegeName: z.string().min(1),
  department: z.string().min(1),
  addressLines: z
    .array(z.string().min(1))
    .min(2)
    .refine((lines) => lines.some((line) => line.startsWith("Chennai, Tamil Nadu")), "the office is in Chennai, Tamil Nadu"),
  phone: z.string().regex(/^\+91[ 0-9]+$/),
  email: z.email(),
  officeHours: z.string().min(1),
  map: z.object({ image: imageSchema, link: z.url(), label: z.string().min(1) }),
  social: z.array(socialAccountSchema),
});

export const galleryItemSchema = imageSchema;

export type CourseCard = z.infer<typeof courseCardSchema>;
export type CourseCategory = z.infer<typeof courseCategorySchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type Slide = z.infer<typeof slideSchema>;
export type Pillar = z.infer<typeof pillarSchema>;
export type ContactDetails = z.infer<typeof contactDetailsSchema>;
export type SiteImage = z.infer<typeof imageSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const siteSchema = z.object({
  /** Brand shown in the nav bar and the document titles. */
  brand: z.string().min(1),
  tagline: z.string().min(1),
  /** The footer's final-year-project note. */
  projectNote: z.string().min(1),
  /** Where the college is: dates on the site are its dates. */
  timeZone: z.string().refine(isTimeZone, "must be an IANA time zone, like Asia/Kolkata"),
  newsletterBlurb: z.string().min(1),
});

export const aboutSchema = z.object({
  kicker: z.string().min(1),
  heading: z.string().min(1),
  paragraphs: z.array(z.string().min(1)).min(1),
  image: imageSchema,
  /** The three highlights: skilled instructors, online classes, international certificate. */
  highlights: z.array(z.object({ title: z.string().min(1), text: z.string().min(1) })).length(3),
});

export type Site = z.infer<typeof siteSchema>;
export type About = z.infer<typeof aboutSchema>;
