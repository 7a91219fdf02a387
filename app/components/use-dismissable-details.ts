import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A <details> disclosure opens and closes by keyboard and without JavaScript.
 * With JavaScript it also closes on Escape (focus back on its summary), on a
 * click or focus outside, and after navigating.
 */
export function useDismissableDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (returnFocus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (returnFocus) details.querySelector("summary")?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onOutside = (event: Event) => {
      if (!details.contains(event.target as Node)) close(false);
    };
    details.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      details.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, []);

  return ref;
}
