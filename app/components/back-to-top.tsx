import { Icon } from "./icons.tsx";

/** A plain link to the top of the page: works with or without JavaScript. */
export function BackToTop() {
  return (
    <a
      href="#top"
      className="fixed right-4 bottom-4 z-10 rounded-full bg-brand-700 p-3 text-xl text-white shadow-lg hover:bg-brand-800"
    >
      <Icon name="arrow-up" />
      <span className="sr-only">Back to top</span>
    </a>
  );
}
