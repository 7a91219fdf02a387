/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet
 * would run as a formula (=, +, -, @, or a tab or carriage return first) gets a ' in front, so an
 * exported address or title cannot run code on the computer of whoever opens the file.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV file: the header, then the rows, with Windows line ends as RFC 4180 and spreadsheets expect. */
export const csvFile = (header: readonly string[], rows: readonly (readonly (string | number | null)[])[]) =>
  [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";

/** The response that downloads `text` as a file named `name`. */
export const csvDownload = (text: string, name: string) =>
  new Response(`\uFEFF${text}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
