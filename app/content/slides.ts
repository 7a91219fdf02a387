import type { Slide } from "./schemas.ts";

export const slides: Slide[] = [
  {
    kicker: "Best Online Courses",
    heading: "Learn to build for the web, one lesson at a time",
    text: "Video courses on HTML, CSS, JavaScript, React, Node.js and databases, with quizzes to check your progress after every module.",
    image: {
      src: "/images/hero/slide-1.svg",
      alt: "Dark blue background with an illustrated laptop showing lines of code",
      width: 1200,
      height: 600,
    },
  },
  {
    kicker: "Hybrid Learning",
    heading: "Study online, meet your mentor live",
    text: "Work through the lessons at your own pace, then join a weekly live session with a mentor to clear doubts and review your code.",
    image: {
      src: "/images/hero/slide-2.svg",
      alt: "Dark teal background with an illustrated video call window and chat bubbles",
      width: 1200,
      height: 600,
    },
  },
];
