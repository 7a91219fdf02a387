/** The four quizzes of the test hub; their questions (with answers) are in quiz-questions/, server only. */
export interface QuizInfo {
  slug: string;
  title: string;
  questionCount: number;
  /** The link on the hub, spelt as the spec spells it. */
  hubHref: string;
  /** The spec makes the last two hub links plain links (a full page load). */
  plainLink: boolean;
  /** Where the result's 'Watch Now' link leads: the course that teaches this. */
  coursePath: string;
}

export const quizzes: QuizInfo[] = [
  { slug: "java", title: "Java", questionCount: 20, hubHref: "/test/java", plainLink: false, coursePath: "/courses/java" },
  {
    slug: "fullstack",
    title: "Full Stack",
    questionCount: 15,
    hubHref: "/test/fullstack",
    plainLink: false,
    coursePath: "/courses/fullstack",
  },
  { slug: "react", title: "React", questionCount: 10, hubHref: "/test/React", plainLink: true, coursePath: "/courses/mern/react" },
  {
    slug: "javascript",
    title: "JavaScript",
    questionCount: 15,
    hubHref: "/test/Javascript",
    plainLink: true,
    coursePath: "/cources/programming/javascript",
  },
];
