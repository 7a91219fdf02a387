import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "CSS Essentials: Styling and Responsive Layout",
    description:
      "This session teaches you to style and lay out a page with CSS. You will write selectors, see how the cascade and specificity decide which rule wins, and control spacing with the box model. You will set colours and readable typography, arrange a navigation bar with Flexbox and a card layout with Grid, then add media queries so the page adapts to phones and laptops. These skills turn plain HTML into a polished site.",
  },
];
