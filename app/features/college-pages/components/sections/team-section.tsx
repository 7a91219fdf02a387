import { Link } from "react-router";
import type { TeamMember } from "#app/content/schemas.ts";

/** `bookingLinks`: a member's name → their booking page, for mentors who keep office hours. */
export function TeamSection({
  id,
  kicker,
  heading,
  members,
  bookingLinks = {},
}: {
  id: string;
  kicker: string;
  heading: string;
  members: TeamMember[];
  bookingLinks?: Record<string, string>;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="section">
      <p className="section-kicker text-center">{kicker}</p>
      <h2 id={`${id}-heading`} className="section-title text-center">
        {heading}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {members.map((member) => (
          <li key={member.name} className="overflow-hidden rounded-lg border border-gray-200 bg-white text-center shadow-sm">
            <img
              src={member.photo.src}
              alt=""
              width={member.photo.width}
              height={member.photo.height}
              loading="lazy"
              decoding="async"
              className="aspect-square w-full bg-brand-50 object-cover"
            />
            <div className="p-4">
              <h3 className="text-lg font-bold">{member.name}</h3>
              <p className="text-sm font-medium text-brand-800">{member.role}</p>
              <p className="mt-2 text-sm text-muted">{member.bio}</p>
              {bookingLinks[member.name] && (
                <Link to={bookingLinks[member.name]!} className="mt-3 inline-block font-medium text-brand-800 underline">
                  Book a session with {member.name}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
