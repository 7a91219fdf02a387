import { useEffect, useState, useSyncExternalStore } from "react";
import { useBlocker, useLocation } from "react-router";

// Why leaving a staff page now would lose something (typed text not saved, a video still being
// sent), each kept while it holds. One guard, in the staff area's layout, asks before leaving: a
// router takes one blocker at a time, so the parts of a page say their reasons here instead.
const reasons = new Map<symbol, string>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const firstReason = () => reasons.values().next().value ?? null;

/** While `active`, leaving the page asks first, saying `message`. */
export function useLeaveReason(active: boolean, message: string) {
  useEffect(() => {
    if (!active) return;
    const key = Symbol(message);
    reasons.set(key, message);
    changed();
    return () => {
      reasons.delete(key);
      changed();
    };
  }, [active, message]);
}

const unsavedText = "You have changes you have not saved. Leave this page and lose them?";

/**
 * Whether something was typed in a form of this page that was not saved: it is saved when the page
 * moves on after the form was sent (a saved form leads back with `?saved=`); a refused one stays.
 */
function useTypedButNotSaved(): boolean {
  const [typed, setTyped] = useState(false);
  const { key } = useLocation();
  useEffect(() => setTyped(false), [key]);
  useEffect(() => {
    const onInput = (event: Event) => {
      const field = event.target;
      // A chosen file is sent at once (a video) or chosen again in a moment: only typing counts.
      if (field instanceof HTMLInputElement && field.type === "file") return;
      if (field instanceof Element && field.closest("form[method='post' i]")) setTyped(true);
    };
    document.addEventListener("input", onInput);
    return () => document.removeEventListener("input", onInput);
  }, []);
  return typed;
}

/**
 * Asks before the page is left while something would be lost: a link or Back within the site asks
 * in a dialog; closing the tab or reloading gets the browser's own question.
 */
export function LeaveGuard() {
  useLeaveReason(useTypedButNotSaved(), unsavedText);
  const reason = useSyncExternalStore(subscribe, firstReason, () => null);
  useEffect(() => {
    if (!reason) return;
    // A form sent as a whole page (a plain form) is the page's own way on, not a loss.
    let sending = false;
    const onSubmit = (event: SubmitEvent) => (sending = !event.defaultPrevented);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!sending) event.preventDefault();
    };
    document.addEventListener("submit", onSubmit);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("submit", onSubmit);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [reason]);
  // Only another page: a form sent to this one (its action, then ?saved=) is how typing is saved.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => reason !== null && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(reason ?? unsavedText)) blocker.proceed();
    else blocker.reset();
  }, [blocker, reason]);
  return null;
}
