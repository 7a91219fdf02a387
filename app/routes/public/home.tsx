import { Link } from "react-router";
import { Carousel } from "#app/features/college-pages/components/carousel.tsx";
import { AboutSection } from "#app/features/college-pages/components/sections/about-section.tsx";
import { CategoriesSection } from "#app/features/college-pages/components/sections/categories-section.tsx";
import { PillarsSection } from "#app/features/college-pages/components/sections/pillars-section.tsx";
import { TestimonialSection } from "#app/features/college-pages/components/sections/testimonial-section.tsx";
import { site } from "#app/content/site.ts";
import { slides } from "#app/content/slides.ts";
import { pageMeta } from "#app/lib/http/meta.ts";
import { sameForEveryVisitor } from "#app/lib/content-versions/page-cache.ts";
import { servicesContext } from "#app/context.ts";
import { categoryCounts } from "#app/features/courses/listings.server.ts";
import type { Route } from "./+types/home";

/** The category grid counts the courses listed now. */
export async function loader({ context }: Route.LoaderArgs) {
  return { categoryCounts: await categoryCounts(context.get(servicesContext)) };
}

export const meta = () => pageMeta("Home");

function HeroCarousel() {
  return (
    <Carousel
      label="Welcome"
      slideLabels={slides.map((slide) => slide.heading)}
      className="pb-4"
      slides={slides.map((slide, index) => (
        <div key={slide.heading} className="relative isolate flex flex-col overflow-hidden bg-[#0b2545]">
          <div className="mx-auto flex w-full max-w-6xl flex-col justify-center px-4 pt-12 pb-8 text-white xl:min-h-[32rem] xl:pb-12">
            <p className="text-sm font-semibold tracking-widest text-brand-100 uppercase">{slide.kicker}</p>
            <h2 className="mt-3 max-w-xl text-4xl font-extrabold md:text-5xl">{slide.heading}</h2>
            <p className="mt-4 max-w-lg text-lg text-gray-100">{slide.text}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/about" className="btn-light">
                Read More<span className="sr-only"> about {site.brand}</span>
              </Link>
              <Link to="/courses" className="btn-primary ring-1 ring-white">
                Enroll Now
              </Link>
            </div>
          </div>
          {/* The drawing fills the slide's right half behind the text from 1280 px; narrower, the text
              would lie on it, so it follows the text (its left part is plain background). */}
          <img
            src={slide.image.src}
            alt=""
            width={slide.image.width}
            height={slide.image.height}
            fetchPriority={index === 0 ? "high" : "low"}
            loading={index === 0 ? "eager" : "lazy"}
            className="h-56 w-full object-cover object-right md:h-72 xl:absolute xl:inset-0 xl:-z-10 xl:h-full"
          />
        </div>
      ))}
    />
  );
}

export const handle = sameForEveryVisitor(["courses"], "same");

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* The slides come and go; the page's own heading stays. */}
      <h1 className="sr-only">
        {site.brand}: {site.tagline}
      </h1>
      <HeroCarousel />
      <PillarsSection />
      <AboutSection />
      <CategoriesSection counts={loaderData.categoryCounts} />
      <TestimonialSection />
    </>
  );
}
