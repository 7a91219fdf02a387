import { adminRoles, contentRoles, moderatorRoles, type Role } from "#app/features/auth/index.ts";

/** The parts of the staff area, and who each is for: the menu shows a person only theirs. */
const areas = [
  {
    href: "/staff/courses",
    label: "Courses",
    text: "Create courses, write and order their lessons, upload videos and captions, publish.",
    roles: contentRoles,
  },
  {
    href: "/staff/quizzes",
    label: "Quizzes",
    text: "Edit questions and answers, import from GIFT or CSV, export to GIFT.",
    roles: contentRoles,
  },
  {
    href: "/staff/messages",
    label: "Contact messages",
    text: "Read what people sent through the contact form and mark it handled.",
    roles: moderatorRoles,
  },
  {
    href: "/staff/feedback",
    label: "Hidden feedback",
    text: "Posts hidden from the feedback wall: show one again or delete it.",
    roles: moderatorRoles,
  },
  {
    href: "/staff/mentoring",
    label: "Mentoring",
    text: "Your office hours, days off and profile as a mentor, and your sessions.",
    roles: contentRoles,
  },
  {
    href: "/staff/mentors",
    label: "Mentors",
    text: "Make teachers mentors, and see how much each is booked (table and CSV).",
    roles: adminRoles,
  },
  { href: "/staff/accounts", label: "Accounts", text: "Find people, change their role, disable an account.", roles: adminRoles },
  {
    href: "/staff/newsletter.csv",
    label: "Newsletter list (CSV)",
    text: "Everyone who signed up for the newsletter, as a spreadsheet.",
    roles: adminRoles,
    download: true,
  },
  {
    href: "/staff/audit",
    label: "Audit log",
    text: "Every change made in the staff area: who, what, when, before and after.",
    roles: adminRoles,
  },
] as const;

/** `download`: a file, fetched by a plain link rather than opened as a page. */
export type StaffArea = { href: string; label: string; text: string; download?: boolean };

export function staffAreasFor(role: Role): StaffArea[] {
  return areas.filter((area) => (area.roles as readonly Role[]).includes(role)).map(({ roles: _roles, ...area }) => area);
}
