/**
 * A step of a page that replaced the one before it (the next question, the result): moves focus to
 * its heading, the element its `aria-labelledby` names, and scrolls the whole step into view below
 * the sticky nav bar, or its start when it is taller than the room there. Focus alone scrolls only
 * until some of the heading shows, which may be under the nav bar; and revealing the heading's box
 * alone would leave under the bar whatever of the step comes before it (a question's counter and
 * progress bar). The region is the whole step, so nothing of it starts under the bar.
 */
export function focusAndReveal(step: HTMLElement) {
  const heading = document.getElementById(step.getAttribute("aria-labelledby") ?? "");
  heading?.focus({ preventScroll: true });
  // html's scroll-padding-top is the nav bar's height and a little air (app.css).
  const room = window.innerHeight - parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
  step.scrollIntoView({ block: step.getBoundingClientRect().height <= room ? "nearest" : "start" });
}
