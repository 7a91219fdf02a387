import type { Pillar } from "./schemas.ts";

export const pillars: Pillar[] = [
  {
    title: "Vision",
    text: "To make good technical education open to every student, wherever and whenever they want to learn. Start by testing your knowledge.",
    href: "/test",
  },
  {
    title: "Mission",
    text: "To offer clear, practical courses with live mentorship, so that students learn by building real projects and not only by reading. Book a mentor's office hours.",
    href: "/mentorship",
  },
  {
    title: "Objectives",
    text: "To help students gain job-ready skills in web development and programming, track their progress with quizzes, and keep improving the site through their feedback.",
  },
];
