import { PageHeader } from "../../components/page-header.tsx";
import { TestimonialSection } from "../../components/sections/testimonial-section.tsx";
import { pageMeta } from "../../lib/meta.ts";

export const meta = () => pageMeta("Testimonial");

export default function TestimonialPage() {
  return (
    <>
      <PageHeader title="Testimonial" />
      <TestimonialSection />
    </>
  );
}
