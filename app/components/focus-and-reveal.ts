/**
 * Moves focus to `target` (a region's heading) and scrolls the whole of `region` into view below
 * the sticky nav bar, or its start when it is taller than the room there. Focus alone scrolls only
 * until some of the heading shows, which may be under the nav bar, and never to the lines after it.
 */
export function focusAndReveal(target: HTMLElement, region: HTMLElement) {
  target.focus({ preventScroll: true });
  // html's scroll-padding-top is the nav bar's height and a little air (app.css).
  const room = window.innerHeight - parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
  region.scrollIntoView({ block: region.getBoundingClientRect().height <= room ? "nearest" : "start" });
}
