import { Link } from "react-router";
import { about } from "#app/content/about.ts";

/** The About Us block: text, picture and the three highlights. `first`: at the top of its page, where its picture is the largest thing in view. */
export function AboutSection({ first = false }: { first?: boolean }) {
  return (
    <section aria-labelledby="about-heading" className="section grid items-center gap-10 lg:grid-cols-2">
      <img
        src={about.image.src}
        alt={about.image.alt}
        width={about.image.width}
        height={about.image.height}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : "auto"}
        decoding="async"
        className="h-auto w-full rounded-lg"
      />
      <div>
        <p className="section-kicker">{about.kicker}</p>
        <h2 id="about-heading" className="section-title">
          {about.heading}
        </h2>
        {about.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mb-4 text-muted">
            {paragraph}
          </p>
        ))}
        <ul className="my-6 grid gap-4 sm:grid-cols-3">
          {about.highlights.map((highlight) => (
            <li key={highlight.title}>
              <h3 className="font-semibold text-brand-800">{highlight.title}</h3>
              <p className="text-sm text-muted">{highlight.text}</p>
            </li>
          ))}
        </ul>
        <Link to="/about" className="btn-primary">
          Read More<span className="sr-only"> about us</span>
        </Link>
      </div>
    </section>
  );
}
