import { testimonials } from "#app/content/testimonials.ts";
import { Carousel } from "../carousel.tsx";

/** The four student testimonials, one at a time. */
export function TestimonialSection() {
  return (
    <section aria-labelledby="testimonial-heading" className="section text-center">
      <p className="section-kicker">Testimonial</p>
      <h2 id="testimonial-heading" className="section-title">
        Our Students Say!
      </h2>
      <Carousel
        label="Student testimonials"
        slideLabels={testimonials.map((t) => t.name)}
        slides={testimonials.map((testimonial) => (
          <figure key={testimonial.name} className="mx-auto max-w-2xl">
            <img
              src={testimonial.photo.src}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
              className="mx-auto size-24 rounded-full bg-brand-50"
            />
            <blockquote className="mt-4 rounded-lg bg-brand-50 p-6 text-lg text-ink">
              <p>{testimonial.text}</p>
            </blockquote>
            <figcaption className="mt-4">
              <span className="block font-bold">{testimonial.name}</span>
              <span className="text-sm text-muted">{testimonial.role}</span>
            </figcaption>
          </figure>
        ))}
      />
    </section>
  );
}
