import { PageHeader } from "#app/components/page-header.tsx";
import { TeamSection } from "#app/features/college-pages/components/sections/team-section.tsx";
import { instructors, mentors } from "#app/content/team.ts";
import { servicesContext } from "#app/context.ts";
import { teamCardLinks } from "#app/features/mentorship/index.server.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";
import type { Route } from "./+types/team";

export const meta = () => pageMeta("Our Team");

// The spec shows the team section twice; the second shows the live mentors of hybrid learning
// rather than repeating the same people, each linking to their booking page once they mentor here.
export const handle = sameForEveryVisitor(["mentors"], "same");

export async function loader({ context }: Route.LoaderArgs) {
  return { bookingLinks: await teamCardLinks(context.get(servicesContext).db) };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Our Team" />
      <TeamSection id="instructors" kicker="Instructors" heading="Expert Instructors" members={instructors} />
      <TeamSection id="mentors" kicker="Mentors" heading="Live Mentors" members={mentors} bookingLinks={loaderData.bookingLinks} />
    </>
  );
}
