import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "MySQL Essentials: From Installation to Joins",
    description:
      "In one full session you will install MySQL, create a college database and define tables with primary and foreign keys. You will add and change data with INSERT, UPDATE and DELETE, query it with SELECT and WHERE, combine students and courses with JOIN, and summarize results with GROUP BY and COUNT. SQL is a core skill for almost every application that stores data.",
  },
];
