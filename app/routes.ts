import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Every path of the spec, in one place. Paths match case-insensitively, so
// the hub's /test/React and /test/Javascript reach the quizzes below.
export default [
  index("routes/public/home.tsx"),
  route("about", "routes/public/about.tsx"),
  route("pages", "routes/public/pages.tsx"),
  route("team", "routes/public/team.tsx"),
  route("testimonial", "routes/public/testimonial.tsx"),
  route("contact", "routes/public/contact.tsx"),
  route("contact/captcha-challenge", "routes/public/contact-captcha-challenge.ts"),
  route("newsletter", "routes/public/newsletter.tsx"),
  route("help", "routes/public/help.tsx"),
  route("error", "routes/public/error.tsx"),
  route("errors", "routes/public/errors.ts"),

  route("courses", "routes/courses/courses.tsx"),
  route("courses/mern", "routes/courses/category.tsx", { id: "category-mern" }),
  route("courses/fullstack", "routes/courses/category.tsx", { id: "category-fullstack" }),
  // The spec's misspelling "cources" is the real address of this listing.
  route("cources/programming", "routes/courses/category.tsx", { id: "category-programming" }),
  // Every course's addresses are stored with it (staff add courses while the site runs): the
  // course page looks the address up, and answers 404 for one no course has.
  route("courses/*", "routes/courses/video-course.tsx", { id: "video-course" }),
  route("cources/*", "routes/courses/video-course.tsx", { id: "video-course-cources" }),
  route("progress", "routes/courses/lesson-progress.ts"),
  route("ratings", "routes/courses/course-rating.ts"),

  route("test", "routes/quizzes/hub.tsx"),
  route("test/:quiz", "routes/quizzes/quiz.tsx"),
  route("test/:quiz/attempts/:attempt", "routes/quizzes/attempt-review.tsx"),
  route("certificates/:id", "routes/certificates/certificate.tsx"),
  route("certificates/:id/certificate.pdf", "routes/certificates/certificate-pdf.ts"),
  route("certificates/:id/open-badge.json", "routes/certificates/open-badge.ts"),
  route("credentials/issuer.json", "routes/certificates/issuer.ts"),

  route("mentorship", "routes/mentorship/mentorship.tsx"),
  route("mentorship/calendar/:file", "routes/mentorship/calendar-feed.ts"),
  route("mentorship/bookings/:id", "routes/mentorship/booking.tsx"),
  route("mentorship/:mentor", "routes/mentorship/mentor.tsx"),

  route("library", "routes/library/library.tsx"),
  route("feedback", "routes/feedback/feedback.tsx"),
  route("feedback/new", "routes/feedback/new.tsx"),
  route("feedback/:id", "routes/feedback/delete.tsx"),

  route("register", "routes/auth/register.tsx"),
  route("register/confirm", "routes/auth/register-confirm.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("signin", "routes/auth/signin.tsx"),
  route("signin/callback", "routes/auth/callback.tsx"),
  route("signin/interaction/:uid", "routes/auth/interaction.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("signed-out", "routes/auth/signed-out.tsx"),
  route("profile", "routes/auth/profile.tsx"),
  route("profile/email", "routes/auth/email-change.tsx"),
  route("profile/email/confirm", "routes/auth/email-confirm.tsx"),

  layout("routes/staff/layout.tsx", [
    route("staff", "routes/staff/index.tsx"),
    route("staff/messages", "routes/staff/messages.tsx"),
    route("staff/feedback", "routes/staff/hidden-feedback.tsx"),
    route("staff/courses", "routes/staff/courses.tsx"),
    route("staff/courses/new", "routes/staff/course-new.tsx"),
    route("staff/courses/:slug", "routes/staff/course.tsx"),
    route("staff/courses/:slug/lessons/new", "routes/staff/lesson-new.tsx"),
    route("staff/courses/:slug/lessons/:lesson", "routes/staff/lesson.tsx"),
    route("staff/courses/:slug/stats", "routes/staff/course-stats.tsx"),
    route("staff/courses/:slug/preview", "routes/staff/course-preview.tsx"),
    route("staff/quizzes", "routes/staff/quizzes.tsx"),
    route("staff/quizzes/:slug", "routes/staff/quiz.tsx"),
    route("staff/quizzes/:slug/preview", "routes/staff/quiz-preview.tsx"),
    route("staff/quizzes/:slug/results", "routes/staff/quiz-results.tsx"),
    route("staff/accounts", "routes/staff/accounts.tsx"),
    route("staff/audit", "routes/staff/audit.tsx"),
    route("staff/mentoring", "routes/staff/mentoring.tsx"),
    route("staff/mentors", "routes/staff/mentors.tsx"),
  ]),
  route("staff/newsletter.csv", "routes/staff/newsletter-export.ts"),
  route("staff/courses/:slug/stats.csv", "routes/staff/course-stats-csv.ts"),
  route("staff/quizzes/:slug/export.gift", "routes/staff/quiz-export.ts"),
  route("staff/quizzes/:slug/results.csv", "routes/staff/quiz-results-csv.ts"),
  route("staff/mentors/usage.csv", "routes/staff/mentor-usage-csv.ts"),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
