// The seeded lessons' notes: one Markdown file a lesson, `<course slug>/<NN>.md`, NN its number.
// Read from the folder of this module's source, found through the package's `#app/*` imports:
// the same folder whether this code runs from the source (development, `npm run db:migrate`) or
// from a bundle in build/, which Node then needs not strip of its types at run time.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const folder = dirname(createRequire(import.meta.url).resolve("#app/content/seeds/lesson-notes/index.server.ts"));

/** Each course's notes, lesson 1 first. */
export function lessonNotesByCourse(): Record<string, string[]> {
  const courses = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return Object.fromEntries(
    courses.map(({ name: course }) => {
      const files = readdirSync(join(folder, course))
        .filter((file) => file.endsWith(".md"))
        .sort();
      files.forEach((file, index) => {
        const expected = `${String(index + 1).padStart(2, "0")}.md`;
        if (file !== expected)
          throw new Error(`lesson-notes/${course}: ${file} where ${expected} was expected (one file a lesson, numbered from 01)`);
      });
      return [course, files.map((file) => readFileSync(join(folder, course, file), "utf8"))];
    }),
  );
}
