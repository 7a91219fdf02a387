// HTML written elsewhere (a question imported from Moodle), made safe to show as it is: the same
// allow-list as the lesson notes' Markdown, on the server, so no sanitiser reaches the browser.
import rehypeParse from "rehype-parse";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { rehypeHeadingsFrom } from "./render-markdown.server.ts";

// GitHub's allow-list (as for the notes): no script, style, iframe, form, event attribute or
// `javascript:` link; ids prefixed so a text cannot take one of the page's.
const processor = unified()
  .use(rehypeParse, { fragment: true })
  .use(rehypeSanitize, defaultSchema)
  .use(rehypeHeadingsFrom)
  .use(rehypeStringify)
  .freeze();

/** The HTML with everything outside the allow-list taken out, its headings below the page's own: safe to insert as it is. */
export function sanitizeHtml(html: string): string {
  return String(processor.processSync(html));
}
