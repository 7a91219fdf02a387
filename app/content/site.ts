import type { Site } from "./schemas.ts";

export const site: Site = {
  brand: "eLEARNING",
  tagline: "Learn web development and programming online, with live mentors when you need them.",
  projectNote:
    "This website is the final-year project of the Department of Information Technology, Marina Vale College of Arts and Science, Chennai, 2026.",
  timeZone: "Asia/Kolkata",
  newsletterBlurb: "Leave your email address and we will write to you when a new course, batch or live session opens.",
};
