import { PageHeader } from "#app/components/page-header.tsx";
import { TeamSection } from "#app/features/college-pages/components/sections/team-section.tsx";
import { instructors, mentors } from "#app/content/team.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";

export const meta = () => pageMeta("Our Team");

// The spec shows the team section twice; the second shows the live mentors
// of hybrid learning rather than repeating the same people.
export const handle = sameForEveryVisitor([], "same");

export default function Team() {
  return (
    <>
      <PageHeader title="Our Team" />
      <TeamSection id="instructors" kicker="Instructors" heading="Expert Instructors" members={instructors} />
      <TeamSection id="mentors" kicker="Mentors" heading="Live Mentors" members={mentors} />
    </>
  );
}
