import type { CourseCategory } from "./schemas.ts";

/** The home grid's categories; their cards are in courses.ts. */
export const categories: CourseCategory[] = [
  {
    id: "mern",
    name: "MERN Stack",
    href: "/courses/mern",
    img: {
      src: "/images/categories/mern.svg",
      alt: "Four stacked layers marked M, E, R and N",
      width: 600,
      height: 400,
    },
    count: 4,
  },
  {
    id: "fullstack",
    name: "Full Stack Web Development",
    href: "/courses/fullstack",
    img: {
      src: "/images/categories/fullstack.svg",
      alt: "A browser window linked to a server rack by two arrows",
      width: 600,
      height: 400,
    },
    count: 8,
  },
  {
    id: "programming",
    name: "Programming Languages Tutorial",
    href: "/cources/programming",
    img: {
      src: "/images/categories/programming.svg",
      alt: "A terminal window with a command prompt and code brackets",
      width: 600,
      height: 400,
    },
    count: 4,
  },
  {
    id: "marketing",
    name: "Online Marketing",
    img: {
      src: "/images/categories/marketing.svg",
      alt: "A megaphone beside a rising bar chart",
      width: 600,
      height: 400,
    },
    count: 1,
  },
];
