/**
 * Which video course each course path of the spec shows. The spec leaves this
 * open; docs/spec-differences.md records the table.
 */
export interface VideoCourse {
  slug: string;
  title: string;
  paths: string[];
}

export const videoCourses: VideoCourse[] = [
  { slug: "java", title: "Java Programming Course", paths: ["/courses/java", "/cources/programming/java"] },
  { slug: "dsa", title: "Data Structures and Algorithms", paths: ["/courses/dsa"] },
  { slug: "react", title: "Full React Js Course", paths: ["/courses/mern/react", "/courses/fullstack/react"] },
  { slug: "express", title: "Express", paths: ["/courses/mern/express", "/courses/fullstack/express"] },
  { slug: "nodejs", title: "Node Js", paths: ["/courses/mern/nodejs", "/courses/fullstack/nodejs"] },
  { slug: "mongodb", title: "MongoDB", paths: ["/courses/mern/mongodb", "/courses/fullstack/mongodb"] },
  { slug: "mysql", title: "MySQL", paths: ["/courses/fullstack/sql"] },
  {
    slug: "javascript",
    title: "JavaScript",
    paths: ["/courses/fullstack/javascript", "/cources/programming/javascript"],
  },
  { slug: "html", title: "HTML", paths: ["/courses/fullstack/html"] },
  { slug: "css", title: "CSS", paths: ["/courses/fullstack/css"] },
  { slug: "advanced-java", title: "Advanced Java", paths: ["/cources/programming/advJava"] },
];

export function findVideoCourse(pathname: string): VideoCourse | undefined {
  const path = pathname.replace(/\/+$/, "").toLowerCase();
  return videoCourses.find((course) => course.paths.some((p) => p.toLowerCase() === path));
}
