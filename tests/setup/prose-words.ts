// How long lesson notes are for a reader: the tests of the seeded notes hold them to a length.

/** The words of a Markdown text a reader reads (code blocks left out): for the notes' length. */
export function proseWordCount(markdown: string): number {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, " ");
  return prose.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
