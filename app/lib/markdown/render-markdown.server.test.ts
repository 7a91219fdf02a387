import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./render-markdown.server.ts";

describe("lesson notes from a teacher's Markdown", () => {
  it("renders what Markdown and GitHub's tables write", () => {
    const html = renderMarkdown("Some **bold** and `code`.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quoted\n");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<code>code</code>");
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<table>[\s\S]*<th>a<\/th>[\s\S]*<td>2<\/td>[\s\S]*<\/table>/);
    expect(html).toMatch(/<blockquote>\s*<p>quoted<\/p>\s*<\/blockquote>/);
  });

  it("starts the headings at h3, under the page's h1 and the notes' h2, keeping their order", () => {
    expect(renderMarkdown("# One\n\n## Two\n\n### Three")).toBe("<h3>One</h3>\n<h4>Two</h4>\n<h5>Three</h5>");
    expect(renderMarkdown("## Two\n\n#### Four")).toBe("<h3>Two</h3>\n<h5>Four</h5>");
    expect(renderMarkdown("#### Four")).toBe("<h4>Four</h4>");
    expect(renderMarkdown("# One\n\n###### Six")).toBe("<h3>One</h3>\n<h6>Six</h6>");
  });

  it("highlights code on the server with classes only, and shows an unknown language as plain text", () => {
    const java = renderMarkdown('```java\nString s = "hi"; // say it\n```');
    expect(java).toContain('<code class="hljs language-java">');
    expect(java).toContain('<span class="hljs-string">"hi"</span>');
    expect(java).toContain('<span class="hljs-comment">// say it</span>');
    const html = renderMarkdown('```html\n<p onclick="x()">hi</p>\n```');
    expect(html).toContain('<span class="hljs-name">p</span>');
    expect(html).not.toContain("<p onclick");
    expect(renderMarkdown("```cobol\nDISPLAY 'HI'.\n```")).toBe("<pre><code class=\"hljs language-cobol\">DISPLAY 'HI'.\n</code></pre>");
  });

  const hostile: [string, string][] = [
    ["a script element", "<script>alert(1)</script>"],
    ["an inline script between paragraphs", "Hello\n\n<script>alert(1)</script>\n\nthere"],
    ["an event attribute", '<img src="x" onerror="alert(1)">'],
    ["an iframe", '<iframe src="https://example.com"></iframe>'],
    ["a style element", "<style>body{display:none}</style>"],
    ["a link written in HTML", '<a href="javascript:alert(1)">click</a>'],
    ["a javascript: link", "[click](javascript:alert(1))"],
    ["a javascript: link in capitals", "[click](JAVASCRIPT:alert(1))"],
    ["a javascript: link with an entity", "[click](java&#x09;script:alert(1))"],
    ["a javascript: autolink", "<javascript:alert(1)>"],
    ["a javascript: reference link", "[click][x]\n\n[x]: javascript:alert(1)"],
    ["a data: link", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["a javascript: image", "![x](javascript:alert(1))"],
    ["a vbscript: link", "[click](vbscript:msgbox(1))"],
  ];

  it.each(hostile)("renders %s inert", (_name, markdown) => {
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(/<(script|iframe|style|img[^>]*onerror)/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
  });

  it("keeps links to web pages, mail and the site's own addresses", () => {
    const html = renderMarkdown("[a](https://example.org/x) [b](mailto:office@example.org) [c](/courses/java?lesson=2)");
    expect(html).toContain('<a href="https://example.org/x">a</a>');
    expect(html).toContain('<a href="mailto:office@example.org">b</a>');
    expect(html).toContain('<a href="/courses/java?lesson=2">c</a>');
  });

  it("cannot give an element one of the page's own ids", () => {
    expect(renderMarkdown("Note[^main]\n\n[^main]: the footnote")).not.toMatch(/id="(main|fn-main|player)"/);
  });
});
