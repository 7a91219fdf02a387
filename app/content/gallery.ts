import type { SiteImage } from "./schemas.ts";

export const gallery: SiteImage[] = [
  {
    src: "/images/gallery/gallery-1.svg",
    alt: "Illustration of the campus library with tall bookshelves",
    width: 200,
    height: 200,
  },
  {
    src: "/images/gallery/gallery-2.svg",
    alt: "Illustration of the computer lab with rows of monitors",
    width: 200,
    height: 200,
  },
  {
    src: "/images/gallery/gallery-3.svg",
    alt: "Illustration of a classroom with a green board and desks",
    width: 200,
    height: 200,
  },
  {
    src: "/images/gallery/gallery-4.svg",
    alt: "Illustration of a seminar with a speaker at a podium and an audience",
    width: 200,
    height: 200,
  },
  {
    src: "/images/gallery/gallery-5.svg",
    alt: "Illustration of graduation caps thrown into the air",
    width: 200,
    height: 200,
  },
  {
    src: "/images/gallery/gallery-6.svg",
    alt: "Illustration of a running track and a trophy on sports day",
    width: 200,
    height: 200,
  },
];
