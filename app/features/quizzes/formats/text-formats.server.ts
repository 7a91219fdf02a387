// The text formats a GIFT question, answer or feedback may be written in ([plain], [moodle],
// [html], [markdown]), read into what a plain question here holds: plain text, its line breaks
// kept, and a code listing; and whether the text has formatting beyond that, which a question then
// keeps as written (docs/decisions/020-gift-as-moodle-writes-it.md). Markup is read by real parsers.
import type { Element, Root as HtmlRoot, RootContent as HtmlContent } from "hast";
import { toText } from "hast-util-to-text";
import type { Root as MarkdownRoot } from "mdast";
import { toString } from "mdast-util-to-string";
import rehypeParse from "rehype-parse";
import remarkParse from "remark-parse";
import { unified } from "unified";

export type TextFormat = "plain" | "moodle" | "html" | "markdown";

export const textFormats: readonly TextFormat[] = ["plain", "moodle", "html", "markdown"];

/** A text as read: its words, and the code listings it held (a [markdown] code block, an HTML <pre>). */
export interface ReadText {
  text: string;
  code: string[];
  /** Whether it has formatting that its words and code listings lose (emphasis, links, lists, pictures…). */
  formatted: boolean;
}

/** HTML elements that plain text with code listings holds as well: paragraphs, line breaks, code. */
const plainElements = new Set(["p", "br", "div", "span", "pre", "code"]);

const htmlIsFormatted = (nodes: readonly HtmlContent[]): boolean =>
  nodes.some((node) => node.type === "element" && (!plainElements.has(node.tagName) || htmlIsFormatted(node.children)));

/** Line ends as \n, spaces around lines dropped (an indented line would be code in Markdown), at most one empty line in a row. */
const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/** Markup Moodle's own format would show as markup (a tag, an entity); without any, its text is plain. */
const hasMarkup = (text: string) => /<[a-z!/]|&(#\d+|#x[\da-f]+|[a-z]+\d*);/i.test(text);

function readHtml(html: string): ReadText {
  const tree = unified().use(rehypeParse, { fragment: true }).parse(html) as HtmlRoot;
  const code: string[] = [];
  const withoutListings = (nodes: HtmlContent[]): HtmlContent[] =>
    nodes.flatMap((node): HtmlContent[] => {
      if (node.type !== "element") return [node];
      if (node.tagName === "pre") {
        code.push(toText(node, { whitespace: "pre" }).replace(/\n+$/, ""));
        return [];
      }
      const element: Element = { ...node, children: withoutListings(node.children) as Element["children"] };
      return [element];
    });
  const text = toText({ ...tree, children: withoutListings(tree.children) } as HtmlRoot);
  return { text: tidy(text), code, formatted: htmlIsFormatted(tree.children) };
}

function readMarkdown(markdown: string): ReadText {
  const tree = unified().use(remarkParse).parse(markdown) as MarkdownRoot;
  const code: string[] = [];
  const blocks: string[] = [];
  let formatted = false;
  for (const node of tree.children) {
    if (node.type === "code") code.push(node.value);
    // A list's items on lines of their own, not run together.
    else blocks.push(node.type === "list" ? node.children.map((item) => toString(item)).join("\n") : toString(node));
    // Paragraphs of words (escaped marks included) and code blocks are what a plain question holds.
    if (
      node.type !== "code" &&
      (node.type !== "paragraph" || node.children.some((child) => child.type !== "text" && child.type !== "break"))
    )
      formatted = true;
  }
  return { text: tidy(blocks.join("\n\n")), code, formatted };
}

/** Moodle's own format as the HTML it stands for: its line breaks are breaks. */
export const moodleAsHtml = (text: string) => tidy(text).replace(/\n/g, "<br>");

/** A text in its format, as plain text and code listings. */
export function readFormattedText(text: string, format: TextFormat): ReadText {
  switch (format) {
    case "plain":
      return { text: tidy(text), code: [], formatted: false };
    case "moodle":
      // Moodle's own format is HTML whose line breaks count.
      return hasMarkup(text) ? readHtml(moodleAsHtml(text)) : { text: tidy(text), code: [], formatted: false };
    case "html":
      return readHtml(text);
    case "markdown":
      return readMarkdown(text);
  }
}

/** Plain text written as Markdown that reads back as the same text: every ASCII punctuation mark escaped. */
export const escapeMarkdown = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, (mark) => `\\${mark}`);
