import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseCatalogue } from "#app/features/courses/index.server.ts";
import { quizCatalogue } from "#app/features/quizzes/index.server.ts";
import { openTestDatabase } from "#tests/setup/databases.ts";
import { contentDocuments } from "./content-documents.server.ts";
import { contentSource } from "./content-source.server.ts";
import { questionTerms } from "./terms.ts";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase("sqlite", { seeded: true });
});
afterAll(() => database.close());

const ask = (text: string, accounts: "built-in" | "external" = "built-in") =>
  contentSource(accounts).search({ text, terms: questionTerms(text), limit: 5 }, { db: database.db });

describe("the content source, over the seeded courses and quizzes", () => {
  it("answers 'how do I register' with the registration topic first", async () => {
    const [first] = await ask("how do I register");
    expect(first).toMatchObject({ title: "How to register", href: "/register", label: "Help" });
    expect(first!.excerpt).toContain("Register page");
  });

  it("answers 'java quiz' with the Java quiz first, and the quizzes that mention Java after it", async () => {
    const answers = await ask("java quiz");
    expect(answers[0]).toMatchObject({ title: "Java quiz", href: "/test/java", label: "Quiz" });
    expect(answers.map((answer) => answer.href)).toContain("/test");
    expect(answers.length).toBeLessThanOrEqual(5);
  });

  it("finds through a typo, a plural and a two-word name", async () => {
    expect((await ask("javva"))[0]?.href).toMatch(/java/i);
    expect((await ask("quizzes")).map((answer) => answer.href)).toContain("/test/java");
    expect((await ask("how can I sign up"))[0]?.href).toBe("/register");
    expect((await ask("I forgot my password"))[0]).toMatchObject({ title: "Forgotten password", href: "/forgot-password" });
  });

  it("finds single lessons, linking to the lesson itself", async () => {
    const [first] = await ask("custom hooks");
    expect(first).toMatchObject({
      title: "Writing Custom Hooks",
      label: "Lesson 13 of Full React Js Course",
      href: "/courses/mern/react?lesson=13",
    });
  });

  it("answers nothing when nothing matches: no answer is made up", async () => {
    expect(await ask("xylophone repairs")).toEqual([]);
    expect(await ask("qwertyuiop")).toEqual([]);
  });

  it("tells how accounts are made with the sign-in that is configured", async () => {
    expect((await ask("register", "built-in"))[0]!.excerpt).toContain("password of at least 8 characters");
    const external = await ask("register", "external");
    expect(external[0]!.href).toBe("/register");
    expect(external[0]!.excerpt).toContain("pick the option to sign up there");
    expect(external[0]!.excerpt).not.toContain("8 characters");
  });

  it("holds unique documents, each with a title, a text and a link to a page of this site", async () => {
    const learning = { courses: await courseCatalogue(database.db), quizzes: await quizCatalogue(database.db) };
    for (const accounts of ["built-in", "external"] as const) {
      const documents = contentDocuments(accounts, learning);
      expect(new Set(documents.map((document) => document.id)).size).toBe(documents.length);
      for (const document of documents) {
        expect(document.title, document.id).not.toBe("");
        expect(document.text, document.id).not.toBe("");
        expect(document.href, document.id).toMatch(/^\/(?!\/)/);
      }
    }
  });
});
