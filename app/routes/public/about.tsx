import { PageHeader } from "#app/components/page-header.tsx";
import { AboutSection } from "#app/features/college-pages/components/sections/about-section.tsx";
import { CategoriesSection } from "#app/features/college-pages/components/sections/categories-section.tsx";
import { TeamSection } from "#app/features/college-pages/components/sections/team-section.tsx";
import { TestimonialSection } from "#app/features/college-pages/components/sections/testimonial-section.tsx";
import { instructors } from "#app/content/team.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";
import { servicesContext } from "#app/context.ts";
import { categoryCounts } from "#app/features/courses/listings.server.ts";
import type { Route } from "./+types/about";

/** The category grid counts the courses listed now. */
export async function loader({ context }: Route.LoaderArgs) {
  return { categoryCounts: await categoryCounts(context.get(servicesContext)) };
}

export const meta = () => pageMeta("About");

export const handle = sameForEveryVisitor(["courses"], "same");

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="About" />
      <AboutSection first />
      <CategoriesSection counts={loaderData.categoryCounts} />
      <TeamSection id="instructors" kicker="Instructors" heading="Expert Instructors" members={instructors} />
      <TestimonialSection />
    </>
  );
}
