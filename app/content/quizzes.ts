/** The four quizzes of the test hub; their questions come with the learning feature. */
export interface QuizInfo {
  slug: string;
  title: string;
  questionCount: number;
  /** The link on the hub, spelt as the spec spells it. */
  hubHref: string;
  /** The spec makes the last two hub links plain links (a full page load). */
  plainLink: boolean;
}

export const quizzes: QuizInfo[] = [
  { slug: "java", title: "Java", questionCount: 20, hubHref: "/test/java", plainLink: false },
  { slug: "fullstack", title: "Full Stack", questionCount: 15, hubHref: "/test/fullstack", plainLink: false },
  { slug: "react", title: "React", questionCount: 10, hubHref: "/test/React", plainLink: true },
  { slug: "javascript", title: "JavaScript", questionCount: 15, hubHref: "/test/Javascript", plainLink: true },
];
