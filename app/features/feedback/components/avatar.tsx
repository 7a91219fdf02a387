import { useEffect, useRef, useState } from "react";
import { initials } from "#app/lib/text/initials.ts";

/**
 * The poster's picture at 6rem, or their initials when there is none or it fails to load.
 * The picture comes from another site: loaded lazily, without telling that site where from.
 */
export function Avatar({ name, image }: { name: string; image: string | null }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration fired its error event before React listened.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (!image || failed) {
    return (
      <span
        aria-hidden="true"
        className="flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-800"
      >
        {initials(name)}
      </span>
    );
  }
  return (
    <img
      ref={ref}
      src={image}
      alt=""
      width={96}
      height={96}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="size-24 shrink-0 rounded-full object-cover"
    />
  );
}
