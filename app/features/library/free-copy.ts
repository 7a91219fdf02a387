/**
 * What a free book's copy is, by its address: a PDF file ("Download Pdf"), or a page where the book
 * is read online ("Read online"). The public books service's PDF links end in `.pdf` or ask for
 * `output=pdf`; a catalogue's free copy is often the book's own web site.
 */
export function freeCopyLabel(address: string): "Download Pdf" | "Read online" {
  try {
    const url = new URL(address, "https://library.invalid");
    return /\.pdf$/i.test(url.pathname) || url.searchParams.get("output") === "pdf" ? "Download Pdf" : "Read online";
  } catch {
    return "Read online";
  }
}
