import type { Root, RootContent } from "hast";
import rehypeParse from "rehype-parse";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import type { RichText } from "#app/content/seeds/quiz-questions/types.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { renderMarkdown } from "#app/lib/markdown/render-markdown.server.ts";
import { sanitizeHtml } from "#app/lib/markdown/sanitize-html.server.ts";
import type { QuestionTextHtml } from "./types.ts";

const parse = unified().use(rehypeParse, { fragment: true }).freeze();
const stringify = unified().use(rehypeStringify).freeze();
const html = (nodes: readonly RootContent[]) => stringify.stringify({ type: "root", children: [...nodes] } as Root).trim();

/** Elements that make a block of their own; anything else (text, strong, a, code, img…) flows in a line. */
const blocks = new Set([
  "li",
  "dt",
  "dd",
  "figcaption",
  "article",
  "aside",
  "header",
  "footer",
  "main",
  "nav",
  "address",
  "blockquote",
  "details",
  "div",
  "dl",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
]);
const isBlock = (node: RootContent) => node.type === "element" && blocks.has(node.tagName);
const isBlank = (node: RootContent) => node.type === "text" && node.value.trim() === "";

/** An address on another site: with a scheme (https:, data:) or starting with // . */
const elsewhere = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * Pictures from this site only: one from another would tell that site who takes the quiz, and
 * when (imported questions come from anywhere). The picture stays as its text alternative.
 */
function dropOutsidePictures(tree: Root) {
  visit(tree, "element", (node) => {
    if (node.tagName === "img" && typeof node.properties.src === "string" && elsewhere.test(node.properties.src.trim()))
      delete node.properties.src;
  });
  return tree;
}

/**
 * A question's formatted text as the quiz shows it: the HTML of its first line (the leading
 * text, or its first paragraph's), which is the question's heading, and the blocks after it
 * (more paragraphs, lists, code). Both passed through the allow-list (Markdown as the lesson notes
 * are rendered). A text starting with another block (a list, code) has no heading of its own.
 */
export function renderQuestionText(rich: RichText): QuestionTextHtml {
  const safe = rich.format === "markdown" ? renderMarkdown(rich.source) : sanitizeHtml(rich.source);
  let nodes = dropOutsidePictures(parse.parse(safe) as Root).children;
  let start = nodes.findIndex((node) => !isBlank(node));
  // Moodle's editor wraps a text in a <div>: what it holds is the text.
  for (let first = nodes[start]; first?.type === "element" && first.tagName === "div"; first = nodes[start]) {
    nodes = [...(first.children as RootContent[]), ...nodes.slice(start + 1)];
    start = nodes.findIndex((node) => !isBlank(node));
  }
  const first = nodes[start];
  if (first?.type === "element" && first.tagName === "p")
    return { heading: html(first.children as RootContent[]), body: html(nodes.slice(start + 1)) };
  const end = nodes.findIndex(isBlock);
  return { heading: html(end === -1 ? nodes : nodes.slice(0, end)), body: html(end === -1 ? [] : nodes.slice(end)) };
}

/** A stored question's formatted text, as a question's `rich`; nothing for a plain one. */
export function richTextOf(row: Pick<Database["quiz_questions"], "text_format" | "text_source">): { rich?: RichText } {
  return row.text_format === "plain" ? {} : { rich: { format: row.text_format, source: row.text_source } };
}

/** The `textHtml` a page shows for a formatted question; nothing for a plain one. */
export const textHtmlOf = (rich: RichText | undefined): { textHtml?: QuestionTextHtml } =>
  rich ? { textHtml: renderQuestionText(rich) } : {};
