import { lessons as advancedJava } from "./advanced-java.ts";
import { lessons as css } from "./css.ts";
import { lessons as dsa } from "./dsa.ts";
import { lessons as express } from "./express.ts";
import { lessons as html } from "./html.ts";
import { lessons as java } from "./java.ts";
import { lessons as javascript } from "./javascript.ts";
import { lessons as mongodb } from "./mongodb.ts";
import { lessons as mysql } from "./mysql.ts";
import { lessons as nodejs } from "./nodejs.ts";
import { lessons as react } from "./react.ts";
import type { Lesson } from "./types.ts";

export type { Lesson };

/**
 * The lessons of each video course, by course slug. Server only, so no page bundles
 * every course's text: pages receive the lessons of one course through their loader.
 */
export const lessonsByCourse: Record<string, readonly Lesson[]> = {
  java,
  dsa,
  react,
  express,
  nodejs,
  mongodb,
  mysql,
  javascript,
  html,
  css,
  "advanced-java": advancedJava,
};
