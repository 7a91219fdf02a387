/** One answer: a short excerpt of our own content and the page it comes from. */
export interface HelpAnswer {
  title: string;
  /** What kind of page this is, in words ("Quiz", "Lesson of the Java Programming Course"). */
  label: string;
  excerpt: string;
  /** A page of this site: a path starting with "/". */
  href: string;
}

/** What the assistant says to one request of `/help`; the page and the dialog show it alike. */
export type HelpResult =
  /** No question asked yet. */
  | { status: "start" }
  /** Asked nothing we can search for (empty, or only words like "how do I"). */
  | { status: "prompt"; question: string; message: string }
  /** Refused: too long. The page answers 400. */
  | { status: "refused"; question: string; message: string }
  | { status: "answered"; question: string; answers: HelpAnswer[] }
  | { status: "no-match"; question: string };

/** The external web chat the pages load instead of the assistant, when one is configured. */
export interface ChatbotSettings {
  scriptUrl: string;
  configUrl: string;
}

/** One searchable piece of the site's content, as the assistant's index holds it. */
export interface HelpDocument {
  /** Unique across all documents, e.g. "topic:register", "lesson:java:3". */
  id: string;
  /** Shown with the answer: what kind of page this is. */
  label: string;
  title: string;
  /** Our own words about it; the answer's excerpt is cut from here. */
  text: string;
  /** Other words people use for it ("sign up", "enrol"), searched but never shown. */
  keywords?: string;
  href: string;
  /** How strongly this kind of document is preferred when several match equally: 1 is plain. */
  weight?: number;
}
