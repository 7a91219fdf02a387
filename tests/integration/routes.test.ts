import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type RunningSite } from "../setup/server.ts";
import { visibleText } from "../setup/html.ts";
import { rawRequest } from "../setup/raw-request.ts";

let server: RunningSite;

beforeAll(async () => {
  server = await startSite();
});
afterAll(() => server?.stop());

async function get(path: string) {
  const response = await fetch(server.url + path, { redirect: "manual" });
  const html = await response.text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return { status: response.status, title, text: visibleText(html), html };
}

const notFoundTexts = [
  "404 page",
  "404",
  "Page Not Found",
  "We're sorry, the page you have looked for does not exist in our website! Maybe go to our home page or try to use a search?",
  "Go Back To Home",
];

const pages: Array<{ path: string; status?: number; title: string; texts: string[] }> = [
  {
    path: "/",
    title: "Home | eLEARNING",
    texts: [
      "Read More",
      "Enroll Now",
      "Vision",
      "Mission",
      "Objectives",
      "About Us",
      "Skilled Instructors",
      "Online Classes",
      "International Certificate",
      "MERN Stack",
      "4 Courses",
      "Full Stack Web Development",
      "8 Courses",
      "Programming Languages Tutorial",
      "Online Marketing",
      "1 Course",
      "Our Students Say!",
      "Back to top",
    ],
  },
  {
    path: "/about",
    title: "About | eLEARNING",
    texts: ["About", "Home", "Pages", "About Us", "Courses Categories", "Expert Instructors", "Our Students Say!"],
  },
  {
    path: "/courses",
    title: "Courses | eLEARNING",
    texts: ["Courses", "MERN Stack", "Full Stack Web Development", "Programming Languages Tutorial", "Students", "Join Now", "Read More"],
  },
  { path: "/courses/mern", title: "MERN Stack Courses | eLEARNING", texts: ["MERN Stack Courses"] },
  { path: "/courses/fullstack", title: "Full Stack Web Development Courses | eLEARNING", texts: ["Full Stack Web Development Courses"] },
  {
    path: "/cources/programming",
    title: "Programming Languages Tutorial Courses | eLEARNING",
    texts: ["Programming Languages Tutorial Courses"],
  },
  { path: "/team", title: "Our Team | eLEARNING", texts: ["Our Team", "Expert Instructors", "Live Mentors"] },
  { path: "/testimonial", title: "Testimonial | eLEARNING", texts: ["Testimonial", "Our Students Say!", "Student"] },
  {
    path: "/contact",
    title: "Contact | eLEARNING",
    texts: ["Contact", "Send us a message with the form", "Chennai, Tamil Nadu", "Your Email", "Send Message", "Open the map of Chennai"],
  },
  {
    path: "/register",
    title: "Sign Up Page | eLEARNING",
    texts: ["Sign Up Page", "User Register Page", "Name", "Phone", "Email", "Password", "Confirm Password"],
  },
  { path: "/signed-out", title: "Signed out | eLEARNING", texts: ["Signed out", "You are signed out", "Sign in again", "Join Now"] },
  {
    path: "/test",
    title: "Test Your knowledge | eLEARNING",
    texts: ["Test Your knowledge", "Java", "Full Stack", "React", "JavaScript", "20 questions", "15 questions", "10 questions"],
  },
  { path: "/test/java", title: "Java Quiz | eLEARNING", texts: ["Java Quiz"] },
  { path: "/test/fullstack", title: "Full Stack Quiz | eLEARNING", texts: ["Full Stack Quiz"] },
  { path: "/test/React", title: "React Quiz | eLEARNING", texts: ["React Quiz"] },
  { path: "/test/Javascript", title: "JavaScript Quiz | eLEARNING", texts: ["JavaScript Quiz"] },
  { path: "/courses/java", title: "Java Programming Course | eLEARNING", texts: ["Java Programming Course"] },
  { path: "/courses/dsa", title: "Data Structures and Algorithms | eLEARNING", texts: ["Data Structures and Algorithms"] },
  { path: "/courses/mern/react", title: "Full React Js Course | eLEARNING", texts: ["Full React Js Course"] },
  { path: "/courses/fullstack/sql", title: "MySQL | eLEARNING", texts: ["MySQL"] },
  { path: "/cources/programming/advJava", title: "Advanced Java | eLEARNING", texts: ["Advanced Java"] },
  { path: "/library", title: "E-Library | eLEARNING", texts: ["E-Library"] },
  { path: "/feedback", title: "Feedback | eLEARNING", texts: ["Feedback"] },
  { path: "/pages", title: "Pages | eLEARNING", texts: ["Our Team", "E-Library", "404 Page"] },
  { path: "/newsletter", title: "Newsletter | eLEARNING", texts: ["Sign up for course news", "SignUp"] },
  { path: "/error", title: "404 Page Not Found | eLEARNING", texts: notFoundTexts },
  { path: "/no/such/page", status: 404, title: "404 Page Not Found | eLEARNING", texts: notFoundTexts },
  { path: "/test/python", status: 404, title: "404 Page Not Found | eLEARNING", texts: notFoundTexts },
  { path: "/courses/cobol", status: 404, title: "404 Page Not Found | eLEARNING", texts: notFoundTexts },
];

describe("every route", () => {
  it.each(pages)("$path answers with its status, title and texts", async ({ path, status = 200, title, texts }) => {
    const page = await get(path);
    expect(page.status).toBe(status);
    expect(page.title).toBe(title);
    for (const text of texts) expect(page.text).toContain(text);
    expect(page.html.match(/<h1[\s>]/g), "one h1 per page").toHaveLength(1);
  });

  it("loads the about picture at once with high priority where it tops the page, and lazily on the home page below the fold", async () => {
    const picture = async (path: string) => /<img src="\/images\/about\/about.svg\?v=[\w-]{10}"[^>]*>/.exec((await get(path)).html)![0];
    const onAbout = await picture("/about");
    expect(onAbout).toContain('loading="eager"');
    expect(onAbout).toContain('fetchPriority="high"');
    const onHome = await picture("/");
    expect(onHome).toContain('loading="lazy"');
    expect(onHome).not.toContain('fetchPriority="high"');
  });

  it("shows router failures as 'Unexpected Application Error!' without a stack trace", async () => {
    // A form posted to a page that has none: React Router refuses it (PUT and the like are refused before it).
    const response = await fetch(`${server.url}/about`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    const html = await response.text();
    expect(response.status).toBe(405);
    expect(html).toContain("<title>Unexpected Application Error! | eLEARNING</title>");
    expect(html).toMatch(/<h1[^>]*>Unexpected Application Error!<\/h1>/);
    expect(html).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.tsx?:\d+/);
  });

  it("puts the nav bar, breadcrumb and footer on inner pages", async () => {
    const page = await get("/team");
    for (const label of ["Home", "About", "Courses", "Pages", "Our Team", "Testimonial", "Feedback", "Contact", "Join Now"]) {
      expect(page.text).toContain(label);
    }
    expect(page.html).toMatch(/<nav aria-label="Breadcrumb"/);
    expect(page.html).toContain('href="/signin?return_to=%2Fteam"');
    expect(page.text).toContain("final-year project");
    expect(page.text).toContain("Chennai, Tamil Nadu");
  });

  it("sends visitors from /profile to sign in, and /signin to the provider", async () => {
    const profile = await fetch(`${server.url}/profile`, { redirect: "manual" });
    expect(profile.status).toBe(302);
    expect(profile.headers.get("location")).toBe("/signin?return_to=%2Fprofile");
    const signin = await fetch(`${server.url}/signin`, { redirect: "manual" });
    expect(signin.status).toBe(302);
    expect(signin.headers.get("location")).toMatch(new RegExp(`^${server.url}/idp/auth\\?`));
  });

  it("lists each category's cards with the spec's join paths", async () => {
    const expected: Record<string, string[]> = {
      "/courses/mern": ["/courses/mern/react", "/courses/mern/mongodb", "/courses/mern/express", "/courses/mern/nodejs"],
      "/courses/fullstack": ["html", "css", "javascript", "sql", "react", "mongodb", "express", "nodejs"].map(
        (s) => `/courses/fullstack/${s}`,
      ),
      "/cources/programming": [
        "/cources/programming/java",
        "/cources/programming/advJava",
        "/cources/programming/javascript",
        "/courses/dsa",
      ],
    };
    for (const [path, joins] of Object.entries(expected)) {
      const { html } = await get(path);
      expect(html.match(/<article/g)).toHaveLength(joins.length);
      for (const join of joins) expect(html).toContain(`href="${join}"`);
    }
    const all = await get("/courses");
    expect(all.html.match(/<article/g)).toHaveLength(16);
    expect(all.html).toMatch(/<del[^>]*>\$\d+<\/del>/);
  });

  it("links the home grid's categories, except Online Marketing", async () => {
    const { html } = await get("/");
    for (const href of ["/courses/mern", "/courses/fullstack", "/cources/programming", "/test", "/courses"]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).not.toMatch(/<a[^>]*>(?:(?!<\/a>)[\s\S])*Online Marketing/);
  });

  it("links the hub's quizzes as the spec spells them, the last two as plain links", async () => {
    const { html } = await get("/test");
    // React Router marks its own links with data-discover; plain links have none.
    for (const href of ["/test/java", "/test/fullstack"]) expect(html).toMatch(new RegExp(`href="${href}"[^>]*data-discover`));
    for (const href of ["/test/React", "/test/Javascript"]) {
      expect(html).toContain(`href="${href}"`);
      expect(html).not.toMatch(new RegExp(`href="${href}"[^>]*data-discover`));
    }
  });

  it("loads nothing from another host: every src, srcset and non-navigation link is local", async () => {
    for (const path of ["/", "/contact", "/courses"]) {
      const { html } = await get(path);
      const loaded = [...html.matchAll(/\s(?:src|srcset|poster)="([^"]+)"/g), ...html.matchAll(/<link[^>]*\shref="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(loaded.length).toBeGreaterThan(0);
      for (const url of loaded) expect(url, url).toMatch(/^\/(?!\/)/);
    }
  });

  it("sets width and height on every image", async () => {
    for (const path of ["/", "/about", "/courses", "/team", "/contact"]) {
      const { html } = await get(path);
      const images = html.match(/<img[^>]*>/g) ?? [];
      expect(images.length, path).toBeGreaterThan(0);
      for (const img of images) {
        expect(img).toMatch(/width="\d+"/);
        expect(img).toMatch(/height="\d+"/);
      }
    }
  });
});

describe("malformed addresses", () => {
  it.each(["/%", "/%zz", "/courses/%E0%A4%A", "/x%2"])("answers %s with the site's own page, status 400 and its headers", async (path) => {
    const response = await rawRequest(`${server.url}${path}`);
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(response.headers["content-security-policy"])).toContain("default-src 'self'");
    const text = visibleText(response.body);
    expect(text).toContain("This address cannot be read");
    expect(text).toContain("Go Back To Home");
    expect(response.body).toContain('<nav aria-label="Main"');
  });

  it("still answers an unknown but well-formed address with the 404 page", async () => {
    const response = await rawRequest(`${server.url}/no-such-page%20here`);
    expect(response.status).toBe(404);
    expect(visibleText(response.body)).toContain("Page Not Found");
  });
});

describe("addresses ending in several slashes", () => {
  it.each([
    ["GET", "/about//?x=1", "/about/?x=1"],
    ["GET", "//", "/"],
    ["GET", "/courses/java///", "/courses/java/"],
    ["POST", "/newsletter//", "/newsletter/"],
  ])("sends %s %s to %s, the method kept (308)", async (method, path, location) => {
    const response = await rawRequest(`${server.url}${path}`, { method, body: method === "POST" ? "" : undefined });
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(location);
  });

  it("answers an address ending in one slash as before", async () => {
    const page = await get("/about/");
    expect(page.status).toBe(200);
    expect(page.title).toBe(pages.find((each) => each.path === "/about")?.title);
  });
});

describe("the flags the browser's router starts with", () => {
  it("are the build's own, without the server's route-pattern matching, which the browser has not loaded", async () => {
    const { html } = await get("/about");
    const context = /window\.__reactRouterContext = (\{.*?\});/.exec(html)?.[1];
    expect(context).toBeDefined();
    const { future } = JSON.parse(context!) as { future: Record<string, unknown> };
    expect(future).toBeTypeOf("object");
    expect(future).not.toHaveProperty("unstable_routePatternMatching");
  });
});
