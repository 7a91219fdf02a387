import { Icon } from "./icons.tsx";

/**
 * A plain link to the top of the page: works with or without JavaScript. From 1280 px it floats in
 * the margin beside the content; narrower screens have no margin, where a floating button would
 * cover text, so it sits at the foot of the page.
 */
export function BackToTop() {
  return (
    <a
      href="#top"
      className="shrink-0 rounded-full bg-brand-700 p-3 text-xl text-white shadow-lg hover:bg-brand-800 xl:fixed xl:right-4 xl:bottom-4 xl:z-10"
    >
      <Icon name="arrow-up" />
      <span className="sr-only">Back to top</span>
    </a>
  );
}
