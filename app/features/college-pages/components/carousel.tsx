import { useEffect, useId, useState, type ReactNode } from "react";
import { Icon } from "#app/components/icons.tsx";
import { useHydrated } from "#app/components/use-hydrated.ts";

interface CarouselProps {
  /** Names the carousel for assistive technology, e.g. "Featured courses". */
  label: string;
  slides: ReactNode[];
  /** Names each slide, e.g. the slide's heading. */
  slideLabels: string[];
  autoAdvanceMs?: number;
  className?: string;
  /** Colour scheme of the controls over the slides. */
  tone?: "dark" | "light";
}

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(true); // the server cannot know: assume no motion
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/**
 * An accessible carousel (WAI-ARIA APG pattern): previous/next and pause
 * buttons, slide pickers, auto-advance that pauses on hover and focus and
 * under prefers-reduced-motion runs only when the visitor starts it. Without
 * JavaScript the first slide is shown.
 */
export function Carousel({ label, slides, slideLabels, autoAdvanceMs = 6000, className = "", tone = "light" }: CarouselProps) {
  const id = useId();
  const [current, setCurrent] = useState(0);
  // The visitor's own choice wins; otherwise rotate unless they prefer reduced motion.
  const [choice, setChoice] = useState<"default" | "play" | "stop">("default");
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const hydrated = useHydrated();
  const rotating = slides.length > 1 && (choice === "default" ? !reducedMotion : choice === "play");
  // Pressing Start restarts rotation even though focus is then inside the carousel.
  const advancing = rotating && (choice === "play" || (!hovered && !focused));

  useEffect(() => {
    if (!advancing) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % slides.length), autoAdvanceMs);
    return () => clearInterval(timer);
  }, [advancing, autoAdvanceMs, slides.length]);

  const go = (index: number) => setCurrent((index + slides.length) % slides.length);
  const controlClass = tone === "dark" ? "bg-white/90 text-ink hover:bg-white" : "bg-brand-700 text-white hover:bg-brand-800";

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative ${className}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div id={`${id}-slides`} aria-live={advancing ? "off" : "polite"}>
        {slides.map((slide, index) => (
          <div
            key={index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}: ${slideLabels[index] ?? ""}`}
            hidden={index !== current}
          >
            {slide}
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        // The buttons need JavaScript: until it runs they keep their place but stay invisible.
        <div className={`mt-4 flex items-center justify-center gap-3 ${hydrated ? "" : "invisible"}`}>
          <button
            type="button"
            className={`rounded-full p-2 ${controlClass}`}
            aria-label={rotating ? "Stop automatic slide show" : "Start automatic slide show"}
            onClick={() => setChoice(rotating ? "stop" : "play")}
          >
            {rotating ? <Icon name="pause" /> : <Icon name="play" />}
          </button>
          <button
            type="button"
            className={`rounded-full p-2 ${controlClass}`}
            aria-controls={`${id}-slides`}
            aria-label="Previous slide"
            onClick={() => go(current - 1)}
          >
            <Icon name="chevron-left" />
          </button>
          <ul className="flex gap-2" aria-label="Choose a slide">
            {slides.map((_, index) => (
              <li key={index}>
                <button
                  type="button"
                  className={`size-6 rounded-full border-2 ${tone === "dark" ? "border-white" : "border-brand-700"} ${
                    index === current ? (tone === "dark" ? "bg-white" : "bg-brand-700") : "bg-transparent"
                  }`}
                  aria-label={`Slide ${index + 1}: ${slideLabels[index] ?? ""}`}
                  aria-current={index === current ? "true" : undefined}
                  aria-controls={`${id}-slides`}
                  onClick={() => go(index)}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={`rounded-full p-2 ${controlClass}`}
            aria-controls={`${id}-slides`}
            aria-label="Next slide"
            onClick={() => go(current + 1)}
          >
            <Icon name="chevron-right" />
          </button>
        </div>
      )}
    </section>
  );
}
