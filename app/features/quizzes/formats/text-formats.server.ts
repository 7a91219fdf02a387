// The text formats a GIFT question, answer or feedback may be written in ([plain], [moodle],
// [html], [markdown]), read into what a question here holds: plain text, its line breaks kept,
// and a code listing. Markup is read by real parsers, never shown to learners as tags: formatting
// is dropped, the words and the code are kept (docs/decisions/020-gift-as-moodle-writes-it.md).
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
}

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
  return { text: tidy(text), code };
}

function readMarkdown(markdown: string): ReadText {
  const tree = unified().use(remarkParse).parse(markdown) as MarkdownRoot;
  const code: string[] = [];
  const blocks: string[] = [];
  for (const node of tree.children) {
    if (node.type === "code") code.push(node.value);
    else blocks.push(toString(node));
  }
  return { text: tidy(blocks.join("\n\n")), code };
}

/** A text in its format, as plain text and code listings. */
export function readFormattedText(text: string, format: TextFormat): ReadText {
  switch (format) {
    case "plain":
      return { text: tidy(text), code: [] };
    case "moodle":
      // Moodle's own format is HTML whose line breaks count.
      return hasMarkup(text) ? readHtml(tidy(text).replace(/\n/g, "<br>")) : { text: tidy(text), code: [] };
    case "html":
      return readHtml(text);
    case "markdown":
      return readMarkdown(text);
  }
}

/** Plain text written as Markdown that reads back as the same text: every ASCII punctuation mark escaped. */
export const escapeMarkdown = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, (mark) => `\\${mark}`);
