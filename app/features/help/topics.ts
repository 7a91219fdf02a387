import { contactDetails } from "#app/content/contact.ts";
import { site } from "#app/content/site.ts";
import type { HelpDocument } from "./types.ts";

/** Which sign-in the site uses changes how accounts are made: the topics say what is true here. */
export type AccountsMode = "built-in" | "external";

const TOPIC_WEIGHT = 1.6;
/** How answers from the topics are labelled. */
export const helpTopicLabel = "Help";
const phoneAndEmail = `call ${contactDetails.phone} or email ${contactDetails.email}`;
const officeHours = `Office hours: ${contactDetails.officeHours}.`;

/**
 * Hand-written answers to what people ask about using the site. Each describes only what the
 * site does today, its answer first (answers show a topic from its start); when a feature
 * changes, its topic changes with it (tests/integration/help.test.ts checks the answers against the site).
 */
export function helpTopics(accounts: AccountsMode, quizzes: readonly { title: string; questions: readonly unknown[] }[]): HelpDocument[] {
  const builtIn = accounts === "built-in";
  const quizList = quizzes.map((quiz) => `${quiz.title} (${quiz.questions.length} questions)`).join(", ");
  const topics: Array<Omit<HelpDocument, "label" | "weight">> = [
    {
      id: "topic:register",
      title: "How to register",
      text: builtIn
        ? "Register on the Register page and confirm from the mail we send you: fill in your name, phone, email and a password of at least 8 characters twice, press Register, then open the link in the mail, type your password once more, and you are signed in on your profile. The Register page is also under Join Now at the top of any page (Create an account)."
        : "Accounts for this site are made with the college's sign-in service. Choose Join Now at the top of any page and pick the option to sign up there; the Register page says the same.",
      keywords: "register registration signup create make new account join enrol enroll student",
      href: "/register",
    },
    {
      id: "topic:sign-in",
      title: "How to sign in and out",
      text: builtIn
        ? "Choose Join Now at the top of any page and sign in with the email and password you registered with; you come back to the page you were on. Your name then appears in the menu. Log out, next to it, ends your session."
        : "Choose Join Now at the top of any page and sign in at the college's sign-in service; you come back to the page you were on. Your name then appears in the menu. Log out, next to it, ends your session.",
      keywords: "signin login logon signout logout account join now session",
      href: "/signin",
    },
    {
      id: "topic:password",
      title: "Forgotten password",
      text: builtIn
        ? "Choose Forgot password? on the sign-in page: we mail you a link to choose a new one. After ten wrong passwords, signing in to an account pauses for up to 15 minutes, except in browsers that have signed in to it before; choosing a new password ends the pause."
        : `Passwords are kept by the college's sign-in service, not by this site: use that service's own options, or contact the office: ${phoneAndEmail}. ${officeHours}`,
      keywords: "forgot forgotten reset lost change password locked blocked wrong cannot signin login",
      href: builtIn ? "/forgot-password" : "/contact",
    },
    {
      id: "topic:quiz",
      title: "How to take a quiz",
      text: `Open Test Your Knowledge from the Pages menu and choose a quiz: ${quizList}. Pick an answer and press Next; after the last question, Finish shows your score. Your place is kept: reload the page or come back later and you go on at the question you reached (signed in, from any device; otherwise in the same browser). Signed in, your attempts are kept on your profile, and the review shows each right answer with why it is right.`,
      keywords: "quiz test exam question answer score result mark knowledge attempt review",
      href: "/test",
    },
    {
      id: "topic:mentorship",
      title: "How to book a mentor",
      text: "Open Mentorship in the menu and choose a mentor: their page lists the slots of their office hours for the next four weeks, in your time zone. Sign in, pick a free slot, write a line about what you need help with (and the lesson or quiz it is about), and press Book this slot. You get a mail with a calendar invitation, and reminders a day and an hour before. Online sessions meet in the booking's live room, with camera, microphone, screen sharing and a chat (it opens 15 minutes before and needs JavaScript), or at the mentor's own meeting address; others in a room on campus. Cancel from the booking's page until the mentor's cut-off. The Mentorship page lists your sessions and a private calendar address to subscribe to.",
      keywords: "mentor mentorship mentoring book booking office hours session live help tutor appointment slot cancel calendar",
      href: "/mentorship",
    },
    {
      id: "topic:lessons",
      title: "How to watch the lessons",
      text: "Each course page plays one lesson at a time and lists all its lessons below the player: choose a lesson to watch it. Every lesson has written notes with worked examples under its video, or in its place while the video is not ready. Lessons with captions have a CC button (some in several languages: choose one in its menu), and each video can be downloaded from under the player. Once you have started a course, rate it from 1 to 5 stars under its lessons: the course cards show the ratings and how many learners started each course. Pick a course on the Courses page.",
      keywords: "watch video lesson play player course caption subtitle download notes read reading rate rating stars review",
      href: "/courses",
    },
    {
      id: "topic:resume",
      title: "Pick up where you stopped",
      text: "When you are signed in, a course page opens at the lesson you watched last and the video goes on from where you stopped. Mark as finished records a lesson as done; your profile shows the lessons you have finished and your best quiz scores.",
      keywords: "resume continue progress left off stopped finished mark done profile track",
      href: "/courses",
    },
    {
      id: "topic:certificates",
      title: "Certificates",
      text: "When you have finished every lesson of a course and passed the quiz its certificate asks for (60 % unless the teacher set another mark), a certificate of completion appears in your profile. Each has an address of its own where anyone, an employer say, can check it, and a PDF to print. Its page also gives you an Open Badge: the same certificate as a signed digital credential, for a badge backpack or wallet.",
      keywords:
        "certificate certificates certification completion diploma award credential proof finish course badge badges open pdf wallet",
      href: "/profile",
    },
    {
      id: "topic:profile",
      title: "Your profile",
      text: "When you are signed in, your name in the menu opens your profile: your account details, your best score in each quiz and the lessons you have finished in each course.",
      keywords: "profile account details my progress score",
      href: "/profile",
    },
    {
      id: "topic:library",
      title: "The e-library",
      text: "The E-Library is open to everyone, without signing in: search the college catalogue by title, author or subject, keep to free e-books, a subject or a language, and open a free book's copy: Download Pdf for a PDF, Read online for a book read on its own site. Signed in, Save keeps a book on your reading list, shown on the library page and in your profile. Open it from the Pages menu or from the quick links at the bottom of every page.",
      keywords: "library elibrary book books read reading pdf search catalogue download reading list save",
      href: "/library",
    },
    {
      id: "topic:feedback",
      title: "How to leave feedback",
      text: "On the Feedback page, write your name and a comment, add a picture address if you like, choose a rating of 1 to 5 stars and press Submit: your post appears on the wall. You can delete your own post later from the same account, or from the same browser if you were not signed in.",
      keywords: "feedback comment review rating star opinion suggestion complaint delete post wall",
      href: "/feedback",
    },
    {
      id: "topic:contact",
      title: "How to contact the college",
      text: `The office is at ${contactDetails.collegeName}, ${contactDetails.addressLines.join(", ")}. Send a message with the form on the Contact page, or ${phoneAndEmail}. ${officeHours}`,
      keywords: "contact phone call email mail address where location office hours message reach talk human person staff",
      href: "/contact",
    },
    {
      id: "topic:newsletter",
      title: "The newsletter",
      text: `Write your email address in the newsletter box at the bottom of any page and press SignUp. ${site.newsletterBlurb}`,
      keywords: "newsletter subscribe email news updates batch",
      href: "/newsletter",
    },
  ];
  return topics.map((topic) => ({ ...topic, label: helpTopicLabel, weight: TOPIC_WEIGHT }));
}
