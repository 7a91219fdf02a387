import { describe, expect, it } from "vitest";
import { registeredBrowser } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { visibleText } from "../setup/html.ts";
import { siteForTests } from "../setup/server.ts";

describe.each(engines)("course ratings and the listing cards' numbers on %s", (engine) => {
  const site = siteForTests({ TRUST_PROXY: "1" }, engine);

  const ratings = () => site.db.selectFrom("course_ratings").select(["course_slug", "user_sub", "stars"]).orderBy("user_sub").execute();
  /** A learner who started the course (a place in its first lesson). */
  async function starter(course: string) {
    const learner = await registeredBrowser(site.server.url);
    expect((await learner.browser.postForm("/progress", { course, lesson: "1", position: "3" })).status).toBe(204);
    return learner;
  }
  /** The visible text of the listing card titled `title`. */
  const card = (html: string, title: string) =>
    visibleText(html.split("<article").find((article) => article.includes(`>${title}</h3>`)) ?? "no such card");

  // First: the listing has not been rendered yet in this site, so it counts what is there now.
  it("count on the cards the learners who started each course and their ratings, instead of typed numbers", async () => {
    const [first, second] = [await starter("express"), await starter("express")];
    await starter("express");
    for (const [learner, stars] of [
      [first, "5"],
      [second, "4"],
    ] as const)
      expect((await learner.browser.postForm("/ratings", { course: "express", stars })).status).toBe(204);

    const listing = await (await fetch(`${site.server.url}/courses/mern`)).text();
    const express = card(listing, "Express");
    expect(express).toContain("Rated 4.5 out of 5");
    expect(express).toContain("(2 ratings)");
    expect(express).toContain("3 Students");
    // The seeded card said 96 reviews and 184 students: typed numbers are gone.
    expect(express).not.toMatch(/\b(96|184)\b/);
    const mongo = card(listing, "MongoDB");
    expect(mongo).toContain("Not rated yet");
    expect(mongo).toContain("(no ratings yet)");
    expect(mongo).toContain("0 Students");
    expect(card(await (await fetch(`${site.server.url}/courses`)).text(), "Express")).toContain("(2 ratings)");
  });

  it("take a rating only from a signed-in learner who started the course, changed in place, and refuse bad input storing nothing", async () => {
    const { title } = await site.db.selectFrom("courses").select("title").where("slug", "=", "java").executeTakeFirstOrThrow();
    const before = await ratings();

    const visitor = new TestBrowser(site.server.url);
    expect((await visitor.postForm("/ratings", { course: "java", stars: "5" })).status).toBe(401);
    const back = await visitor.postForm("/ratings", { course: "java", stars: "5", return_to: "/courses/java" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/signin?return_to=%2Fcourses%2Fjava");

    const newcomer = await registeredBrowser(site.server.url);
    const notStarted = await newcomer.browser.postForm("/ratings", { course: "java", stars: "5" });
    expect(notStarted.status).toBe(403);
    expect(await notStarted.text()).toContain(`Start a lesson of ${title} before rating it.`);
    // Nor is the form offered to them.
    expect(visibleText(await (await newcomer.browser.request("/courses/java")).text())).not.toContain("Your rating");

    const learner = await starter("java");
    for (const [fields, status, message] of [
      [{ course: "java" }, 400, "Choose from 1 to 5 stars."],
      [{ course: "java", stars: "6" }, 400, "Choose from 1 to 5 stars."],
      [{ course: "java", stars: "4.5" }, 400, "Choose from 1 to 5 stars."],
      [{ course: "no-such-course", stars: "3" }, 404, "There is no such course."],
      [{ course: "java", stars: "3", return_to: "/courses/dsa" }, 400, "The page to return to is not this course's page."],
    ] as const) {
      const refused = await learner.browser.postForm("/ratings", fields);
      expect(refused.status, JSON.stringify(fields)).toBe(status);
      expect(await refused.text(), JSON.stringify(fields)).toContain(message);
    }
    expect(await ratings()).toEqual(before);

    const rated = await learner.browser.postForm("/ratings", { course: "java", stars: "3", return_to: "/Courses/Java/" });
    expect(rated.status).toBe(303);
    expect(rated.headers.get("location")).toBe("/Courses/Java/#rating");
    expect((await learner.browser.postForm("/ratings", { course: "java", stars: "5" })).status).toBe(204);
    const { sub } = await site.db.selectFrom("people").select("sub").where("email", "=", learner.email).executeTakeFirstOrThrow();
    expect((await ratings()).filter((row) => row.course_slug === "java")).toEqual([{ course_slug: "java", user_sub: sub, stars: 5 }]);

    // Their page shows their rating, checked in the form; another's and a visitor's do not.
    const own = await (await learner.browser.request("/courses/java")).text();
    expect(visibleText(own)).toContain(`You rated ${title} 5 out of 5.`);
    const checked = [...own.matchAll(/<input type="radio"[^>]*name="stars"[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => tag.includes('checked=""'));
    expect(checked).toEqual([expect.stringContaining('value="5"')]);
    expect(visibleText(await (await fetch(`${site.server.url}/courses/java`)).text())).not.toContain("Your rating");
    const other = await starter("java");
    const theirs = visibleText(await (await other.browser.request("/courses/java")).text());
    expect(theirs).toContain("Your rating");
    expect(theirs).not.toContain("You rated");

    expect((await fetch(`${site.server.url}/ratings`)).status).toBe(405);
  });
});
