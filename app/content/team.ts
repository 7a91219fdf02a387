import type { TeamMember } from "./schemas.ts";

export const instructors: TeamMember[] = [
  {
    name: "Priya Raghavan",
    role: "Full Stack Instructor",
    photo: {
      src: "/images/team/priya-raghavan.svg",
      alt: "Illustrated portrait of Priya Raghavan",
      width: 300,
      height: 300,
    },
    bio: "Priya teaches HTML, CSS and JavaScript, and has spent ten years helping first-year students build their first web pages. She likes to start every lesson with a small page you can finish in one sitting.",
  },
  {
    name: "Arjun Venkatesh",
    role: "MERN Stack Instructor",
    photo: {
      src: "/images/team/arjun-venkatesh.svg",
      alt: "Illustrated portrait of Arjun Venkatesh",
      width: 300,
      height: 300,
    },
    bio: "Arjun builds React and Express applications for small businesses in Chennai and brings those projects into his React and Express courses.",
  },
  {
    name: "Farhan Siddiqui",
    role: "Back-End and Database Instructor",
    photo: {
      src: "/images/team/farhan-siddiqui.svg",
      alt: "Illustrated portrait of Farhan Siddiqui",
      width: 300,
      height: 300,
    },
    bio: "Farhan teaches Node.js, MongoDB and MySQL. He explains how data moves from a form on the screen to a table in the database, one request at a time.",
  },
  {
    name: "Divya Ramesh",
    role: "Java and DSA Instructor",
    photo: {
      src: "/images/team/divya-ramesh.svg",
      alt: "Illustrated portrait of Divya Ramesh",
      width: 300,
      height: 300,
    },
    bio: "Divya teaches Java, Advanced Java and Data Structures and Algorithms, and coaches students for placement coding rounds.",
  },
];

export const mentors: TeamMember[] = [
  {
    name: "Sneha Krishnan",
    role: "Industry Mentor, Chennai",
    photo: {
      src: "/images/team/sneha-krishnan.svg",
      alt: "Illustrated portrait of Sneha Krishnan",
      width: 300,
      height: 300,
    },
    bio: "Sneha is a front-end developer at a software company in Chennai. In her live sessions she reviews your pages and shows how a real team would write them.",
  },
  {
    name: "Joseph Antony",
    role: "Industry Mentor, Bengaluru",
    photo: {
      src: "/images/team/joseph-antony.svg",
      alt: "Illustrated portrait of Joseph Antony",
      width: 300,
      height: 300,
    },
    bio: "Joseph works on back-end services and cloud deployment. He helps students put their projects online and read error logs calmly.",
  },
  {
    name: "Kavitha Murugan",
    role: "Alumni Mentor, Chennai",
    photo: {
      src: "/images/team/kavitha-murugan.svg",
      alt: "Illustrated portrait of Kavitha Murugan",
      width: 300,
      height: 300,
    },
    bio: "Kavitha studied in this department and now works as a software tester. She talks with students about interviews, internships and their first year at work.",
  },
  {
    name: "Rahul Menon",
    role: "Industry Mentor, Coimbatore",
    photo: {
      src: "/images/team/rahul-menon.svg",
      alt: "Illustrated portrait of Rahul Menon",
      width: 300,
      height: 300,
    },
    bio: "Rahul is a Java developer who mentors the programming track. He sets weekly practice problems and walks through the solutions live.",
  },
];
