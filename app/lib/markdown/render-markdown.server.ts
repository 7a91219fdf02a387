// Markdown that teachers write (lesson notes), turned into HTML the page can show as it is: on the
// server, so no Markdown parser or highlighter reaches the browser.
import type { Element, Root } from "hast";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import rehypeHighlight from "rehype-highlight";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { RecentlyUsed } from "../recently-used.ts";

/** The languages a code block may name (its fence's tag); any other is shown as plain text. */
export const highlightedLanguages = ["java", "javascript", "jsx", "typescript", "html", "css", "sql", "bash", "json"] as const;

/**
 * The document's headings start at this level: the page around the notes has its h1 (the course)
 * and h2 (the notes' own section), so a teacher's `#` or `##` must not outrank them.
 */
const topHeadingLevel = 3;

const headingLevel = (node: Element) => (/^h[1-6]$/.test(node.tagName) ? Number(node.tagName[1]) : null);

/** Moves every heading down by the same amount, so the highest is `topHeadingLevel` (h6 at most). */
export function rehypeHeadingsFrom() {
  return (tree: Root) => {
    const headings: Element[] = [];
    visit(tree, "element", (node) => {
      if (headingLevel(node) !== null) headings.push(node);
    });
    const highest = Math.min(...headings.map((node) => headingLevel(node)!));
    const shift = Math.max(0, topHeadingLevel - highest);
    for (const node of headings) node.tagName = `h${Math.min(6, headingLevel(node)! + shift)}`;
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  // GitHub's allow-list: no script, style, iframe, form or event attribute; links only to http(s),
  // mailto and the site's own addresses (no `javascript:`); ids prefixed so a note cannot take one
  // of the page's. Raw HTML in the Markdown never gets this far: remark-rehype leaves it out.
  .use(rehypeSanitize, defaultSchema)
  .use(rehypeHeadingsFrom)
  // After the allow-list: it only adds spans with `hljs-` classes around the code's own text.
  .use(rehypeHighlight, {
    languages: { bash, css, java, javascript, json, sql, typescript, xml },
    aliases: { javascript: ["js", "jsx"], typescript: ["ts", "tsx"], xml: ["html"], bash: ["sh", "shell"] },
    plainText: ["text", "txt", "plaintext"],
    detect: false,
  })
  .use(rehypeStringify)
  .freeze();

/**
 * HTML by Markdown text, for texts up to `rememberedLength` characters with their HTML: a lesson's
 * notes are rendered again for each page kept of the lesson (in every worker, for each of its
 * addresses, and again after any course changes), the same each time, and they were a fifth of
 * keeping a course page.
 */
const renderedBefore = new RecentlyUsed<string, string>(128);
const rememberedLength = 50_000;

/** The HTML of a Markdown text: safe to insert as it is, whatever the text holds. */
export function renderMarkdown(markdown: string): string {
  let html = renderedBefore.get(markdown);
  if (html === undefined) {
    html = String(processor.processSync(markdown));
    if (markdown.length + html.length <= rememberedLength) renderedBefore.set(markdown, html);
  }
  return html;
}
