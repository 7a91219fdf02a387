import { PageHeader } from "#app/components/page-header.tsx";
import { TestimonialSection } from "#app/components/sections/testimonial-section.tsx";
import { pageMeta } from "#app/lib/meta.ts";

export const meta = () => pageMeta("Testimonial");

export default function TestimonialPage() {
  return (
    <>
      <PageHeader title="Testimonial" />
      <TestimonialSection />
    </>
  );
}
