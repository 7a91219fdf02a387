/**
 * Which video course each course path of the spec shows. The spec leaves this
 * open; docs/spec-differences.md records the table.
 */
export interface VideoCourse {
  slug: string;
  title: string;
  /** Lessons the spec gives this course (content/validate checks the lesson list matches). */
  lessonCount: number;
  paths: string[];
  /** The course's picture, also the poster of its player. */
  image: string;
}

export const videoCourses: VideoCourse[] = [
  {
    slug: "java",
    lessonCount: 32,
    image: "/images/courses/java.svg",
    title: "Java Programming Course",
    paths: ["/courses/java", "/cources/programming/java"],
  },
  { slug: "dsa", lessonCount: 35, image: "/images/courses/dsa.svg", title: "Data Structures and Algorithms", paths: ["/courses/dsa"] },
  {
    slug: "react",
    lessonCount: 22,
    image: "/images/courses/react.svg",
    title: "Full React Js Course",
    paths: ["/courses/mern/react", "/courses/fullstack/react"],
  },
  {
    slug: "express",
    lessonCount: 7,
    image: "/images/courses/express.svg",
    title: "Express",
    paths: ["/courses/mern/express", "/courses/fullstack/express"],
  },
  {
    slug: "nodejs",
    lessonCount: 10,
    image: "/images/courses/nodejs.svg",
    title: "Node Js",
    paths: ["/courses/mern/nodejs", "/courses/fullstack/nodejs"],
  },
  {
    slug: "mongodb",
    lessonCount: 15,
    image: "/images/courses/mongodb.svg",
    title: "MongoDB",
    paths: ["/courses/mern/mongodb", "/courses/fullstack/mongodb"],
  },
  { slug: "mysql", lessonCount: 1, image: "/images/courses/mysql.svg", title: "MySQL", paths: ["/courses/fullstack/sql"] },
  {
    slug: "javascript",
    lessonCount: 32,
    image: "/images/courses/javascript.svg",
    title: "JavaScript",
    paths: ["/courses/fullstack/javascript", "/cources/programming/javascript"],
  },
  { slug: "html", lessonCount: 1, image: "/images/courses/html.svg", title: "HTML", paths: ["/courses/fullstack/html"] },
  { slug: "css", lessonCount: 1, image: "/images/courses/css.svg", title: "CSS", paths: ["/courses/fullstack/css"] },
  {
    slug: "advanced-java",
    lessonCount: 1,
    image: "/images/courses/advanced-java.svg",
    title: "Advanced Java",
    paths: ["/cources/programming/advJava"],
  },
];

export function findVideoCourse(pathname: string): VideoCourse | undefined {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  return videoCourses.find((course) => course.paths.some((p) => p.toLowerCase() === path));
}
