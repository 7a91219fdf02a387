import { PageHeader } from "../../components/page-header.tsx";
import { AboutSection } from "../../components/sections/about-section.tsx";
import { CategoriesSection } from "../../components/sections/categories-section.tsx";
import { TeamSection } from "../../components/sections/team-section.tsx";
import { TestimonialSection } from "../../components/sections/testimonial-section.tsx";
import { instructors } from "../../content/team.ts";
import { pageMeta } from "../../lib/meta.ts";

export const meta = () => pageMeta("About");

export default function About() {
  return (
    <>
      <PageHeader title="About" />
      <AboutSection />
      <CategoriesSection />
      <TeamSection id="instructors" kicker="Instructors" heading="Expert Instructors" members={instructors} />
      <TestimonialSection />
    </>
  );
}
