import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "HTML Essentials: Structure, Content and Forms",
    description:
      "In one session you will build a complete, accessible web page from scratch. You will set up the document structure, organise text with headings and paragraphs, and add links, images with meaningful alt text, lists and a data table. Then you will create a form whose inputs have linked labels and use semantic elements such as header, nav, main and footer. Good HTML is the foundation every website is built on.",
  },
];
