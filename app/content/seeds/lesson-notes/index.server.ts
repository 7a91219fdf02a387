// The seeded lessons' notes: one Markdown file a lesson, `<course slug>/<NN>.md`, NN its number.
// Read from the folder of this very file: the server bundle imports this module from the source
// (vite.config.ts), so it finds the folder in development, in a build and in `npm run db:migrate`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const folder = import.meta.dirname;

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
