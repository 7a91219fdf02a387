import { PageHeader } from "#app/components/page-header.tsx";
import { AboutSection } from "#app/components/sections/about-section.tsx";
import { CategoriesSection } from "#app/components/sections/categories-section.tsx";
import { TeamSection } from "#app/components/sections/team-section.tsx";
import { TestimonialSection } from "#app/components/sections/testimonial-section.tsx";
import { instructors } from "#app/content/team.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { sameForEveryVisitor } from "#app/lib/page-cache.ts";

export const meta = () => pageMeta("About");

export const handle = sameForEveryVisitor([]);

export default function About() {
  return (
    <>
      <PageHeader title="About" />
      <AboutSection first />
      <CategoriesSection />
      <TeamSection id="instructors" kicker="Instructors" heading="Expert Instructors" members={instructors} />
      <TestimonialSection />
    </>
  );
}
