/**
 * Pages whose document must be loaded afresh, not rendered in place: the feedback wall's
 * security policy lets it show pictures from other sites, which other pages' policy forbids.
 */
export const needsOwnDocument = (to: string) => to === "/feedback";

/** The navigation bar of the spec, in its order, and the live mentorship the spec's product offers. */
export const primaryLinks = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/courses", label: "Courses" },
  { to: "/mentorship", label: "Mentorship" },
] as const;

/** What the /pages dropdown holds. */
export const pageLinks = [
  { to: "/team", label: "Our Team" },
  { to: "/testimonial", label: "Testimonial" },
  { to: "/test", label: "Test Your Knowledge" },
  { to: "/library", label: "E-Library" },
  { to: "/feedback", label: "Feedback" },
  { to: "/error", label: "404 Page" },
] as const;

export const secondaryLinks = [
  { to: "/team", label: "Our Team" },
  { to: "/testimonial", label: "Testimonial" },
  { to: "/feedback", label: "Feedback" },
  { to: "/contact", label: "Contact" },
] as const;
