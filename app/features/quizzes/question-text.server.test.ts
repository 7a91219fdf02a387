import { describe, expect, it } from "vitest";
import { renderQuestionText } from "./question-text.server.ts";

describe("a formatted question's text", () => {
  it("puts its first paragraph in the heading and the rest after it, Markdown rendered as the lesson notes are", () => {
    expect(renderQuestionText({ format: "markdown", source: "Which is **right**?\n\n```java\nint a = 1;\n```\n\n- one\n- two" })).toEqual({
      heading: "Which is <strong>right</strong>?",
      body: expect.stringMatching(
        /^<pre><code class="hljs language-java">.*int.*<\/code><\/pre>\s*<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>$/s,
      ),
    });
  });

  it("takes HTML's leading words as the heading, and leaves out what the allow-list does not hold", () => {
    const { heading, body } = renderQuestionText({
      format: "html",
      source:
        'What does <b onclick="steal()">this</b> print?<script>alert(1)</script><p style="color:red">See <a href="javascript:alert(2)">here</a> <a href="https://example.org">or here</a>.</p><iframe src="https://example.org"></iframe>',
    });
    expect(heading).toBe("What does <b>this</b> print?");
    expect(body).toBe('<p>See <a>here</a> <a href="https://example.org">or here</a>.</p>');
  });

  it("reads through Moodle's wrapping <div>, puts headings below the page's own and keeps pictures from other sites out", () => {
    expect(
      renderQuestionText({
        format: "html",
        source:
          '<div dir="ltr"><p>Which <em>planet</em>?</p><h1>Hint</h1><img src="https://tracker.example/p.gif" alt="A pixel"><img src="//tracker.example/q.gif" alt="Another"><img src="/images/earth.png" alt="Earth"></div>',
      }),
    ).toEqual({
      heading: "Which <em>planet</em>?",
      body: '<h3>Hint</h3><img alt="A pixel"><img alt="Another"><img src="/images/earth.png" alt="Earth">',
    });
  });

  it("keeps pictures from other sites out of Markdown too", () => {
    expect(renderQuestionText({ format: "markdown", source: "Which planet? ![Mars](https://tracker.example/mars.png)" }).heading).toBe(
      'Which planet? <img alt="Mars">',
    );
  });

  it("has no heading of its own when it starts with a list or code", () => {
    expect(renderQuestionText({ format: "markdown", source: "1. first\n2. second" })).toEqual({
      heading: "",
      body: expect.stringMatching(/^<ol>/),
    });
  });
});
