import type { About } from "./schemas.ts";

export const about: About = {
  kicker: "About Us",
  heading: "Welcome to eLEARNING, from the IT department in Chennai",
  paragraphs: [
    "eLEARNING is the online learning space of the Department of Information Technology at Marina Vale College of Arts and Science. It began as our final-year project: a place where students can study web development and programming at their own pace, watch the lessons again before an exam, and check what they have understood with short quizzes.",
    "Learning here is hybrid. You follow the video lessons and read from the e-library whenever it suits you, and once a week you meet a mentor live to ask questions, get your code reviewed and plan what to learn next. Tell us what works and what does not on the feedback page; we read every message.",
  ],
  image: {
    src: "/images/about/about.svg",
    alt: "Illustration of a laptop playing a video lesson beside a stack of books and a graduation cap",
    width: 600,
    height: 450,
  },
  highlights: [
    {
      title: "Skilled Instructors",
      text: "Our courses are taught by faculty and working developers who explain each step and answer your questions.",
    },
    {
      title: "Online Classes",
      text: "Watch the lessons from home, the library or the bus, and pick up exactly where you stopped.",
    },
    {
      title: "International Certificate",
      text: "Finish every lesson of a course and pass its quiz to earn a certificate of completion, with an address of its own where anyone can check it.",
    },
  ],
};
