import type { SVGProps } from "react";

/**
 * Icons are drawn once per page in <IconSprite> and referenced with <use>, so
 * a listing of many cards does not repeat the same paths in its HTML.
 */
const shapes = {
  star: <path fill="currentColor" stroke="none" d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />,
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c0-3.5 3-5.5 6.5-5.5s6.5 2 6.5 5.5M16 4.5a3.5 3.5 0 010 7M18 14.7c2 .7 3.5 2.4 3.5 5.3" />
    </>
  ),
  "chevron-left": <path d="M15 18l-6-6 6-6" />,
  "chevron-right": <path d="M9 18l6-6-6-6" />,
  "chevron-down": <path d="M6 9l6 6 6-6" />,
  "arrow-up": <path d="M12 19V5M5 12l7-7 7 7" />,
  pause: <path d="M9 5v14M15 5v14" />,
  play: <path fill="currentColor" d="M7 4.5v15l12-7.5z" />,
  "map-pin": (
    <>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  phone: <path d="M5 3h4l2 5-2.5 1.5a11 11 0 006 6L16 13l5 2v4a2 2 0 01-2 2A17 17 0 013 5a2 2 0 012-2z" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </>
  ),
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
};

type IconName = keyof typeof shapes;

/** Once per document, before any icon. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" className="hidden">
      {Object.entries(shapes).map(([name, shape]) => (
        <symbol
          key={name}
          id={`icon-${name}`}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {shape}
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon (hidden from assistive technology: its meaning is in the text beside it). */
export function Icon({ name, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg width="1em" height="1em" aria-hidden="true" focusable="false" {...props}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
