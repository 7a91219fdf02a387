import { useEffect, useRef, useState } from "react";
import { initials } from "#app/lib/text/initials.ts";
import { coverColourClass } from "../cover-colour.ts";

/**
 * A drawn cover's title size: small enough that its longest word fits the cover's width (about 80
 * px of text), so "Introduction" wraps before or after, not inside. Only a word too long even at the
 * smallest size still breaks.
 */
export function coverTitleSize(title: string): string {
  const longest = Math.max(0, ...title.split(/[\s/–—-]+/).map((word) => [...word].length));
  if (longest <= 10) return "text-xs";
  if (longest <= 11) return "text-[11px]";
  if (longest <= 12) return "text-[10px]";
  if (longest <= 14) return "text-[9px]";
  return "text-[8px]";
}

/**
 * The book's cover picture, or one drawn with CSS (its title, or its initials when small, on a
 * colour of its own) when it has none or the picture fails: no request, nothing from another
 * site. Decorative: the card's heading names the book.
 */
export function BookCover({
  id,
  title,
  thumbnail,
  small = false,
}: {
  id: string;
  title: string;
  thumbnail: string | null;
  small?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A picture that failed before hydration fired its error event before React listened.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  const size = small ? "h-16 w-12" : "h-32 w-24";
  if (thumbnail && !failed) {
    return (
      <img
        ref={ref}
        src={thumbnail}
        alt=""
        width={small ? 48 : 96}
        height={small ? 64 : 128}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={`${size} shrink-0 rounded object-cover shadow`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-cover="drawn"
      className={`${size} ${coverColourClass(id)} flex shrink-0 flex-col justify-between overflow-hidden rounded border-l-4 border-black/30 p-1.5 text-white shadow`}
    >
      {small ? (
        <span className="text-sm font-bold">{initials(title)}</span>
      ) : (
        <span className={`line-clamp-5 leading-tight font-semibold break-words ${coverTitleSize(title)}`}>{title}</span>
      )}
      <span className="h-0.5 w-6 bg-white/70" />
    </span>
  );
}
