import { PageHeader } from "#app/components/page-header.tsx";
import { TestimonialSection } from "#app/features/college-pages/components/sections/testimonial-section.tsx";
import { pageMeta } from "#app/lib/http/meta.ts";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

export const meta = () => pageMeta("Testimonial");

export const handle = sameForEveryVisitor([], "same");

export default function TestimonialPage() {
  return (
    <>
      <PageHeader title="Testimonial" />
      <TestimonialSection />
    </>
  );
}
