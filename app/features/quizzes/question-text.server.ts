import type { ElementContent, Root, RootContent } from "hast";
import rehypeParse from "rehype-parse";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import type { RichText } from "#app/content/seeds/quiz-questions/types.ts";
import { renderMarkdown } from "#app/lib/markdown/render-markdown.server.ts";
import { sanitizeHtml } from "#app/lib/markdown/sanitize-html.server.ts";
import type { QuestionTextHtml } from "./types.ts";

const parse = unified().use(rehypeParse, { fragment: true }).freeze();
const stringify = unified().use(rehypeStringify).freeze();
const html = (nodes: readonly RootContent[]) => stringify.stringify({ type: "root", children: [...nodes] } as Root).trim();

/** Elements that make a block of their own; anything else (text, strong, a, code, img…) flows in a line. */
const blocks = new Set([
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

/**
 * A question's formatted text as the quiz shows it: the HTML of its first line (the leading
 * text, or its first paragraph's), which is the question's heading, and the blocks after it
 * (more paragraphs, lists, code). Both passed through the allow-list (Markdown as the lesson notes
 * are rendered). A text starting with another block (a list, code) has no heading of its own.
 */
export function renderQuestionText(rich: RichText): QuestionTextHtml {
  const safe = rich.format === "markdown" ? renderMarkdown(rich.source) : sanitizeHtml(rich.source);
  const nodes = (parse.parse(safe) as Root).children;
  const start = nodes.findIndex((node) => !isBlank(node));
  const first = nodes[start];
  if (first?.type === "element" && first.tagName === "p")
    return { heading: html(first.children as RootContent[]), body: html(nodes.slice(start + 1)) };
  const end = nodes.findIndex(isBlock);
  const leading = end === -1 ? nodes : nodes.slice(0, end);
  return { heading: html(leading as ElementContent[] as RootContent[]), body: html(end === -1 ? [] : nodes.slice(end)) };
}
