/** The longest line of a label, in letters, that fits left of the bars at the chart's font size. */
const LINE_LETTERS = 34;
/** Lines a label may take; a longer one ends with "…" (the table beside the chart and the description hold it whole). */
const MOST_LINES = 3;
const LINE_HEIGHT = 16;

/** A label broken between words into the lines that fit, so nothing is cut off mid-word. */
export function labelLines(label: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of label.split(/\s+/).filter(Boolean)) {
    // A word longer than a line (a URL, a code name) is broken where it must be.
    for (let rest = word; rest;) {
      const room = line ? LINE_LETTERS - line.length - 1 : LINE_LETTERS;
      if (rest.length <= room) {
        line = line ? `${line} ${rest}` : rest;
        rest = "";
      } else if (line) {
        lines.push(line);
        line = "";
      } else {
        lines.push(rest.slice(0, LINE_LETTERS));
        rest = rest.slice(LINE_LETTERS);
      }
    }
  }
  if (line) lines.push(line);
  if (lines.length <= MOST_LINES) return lines;
  const kept = lines.slice(0, MOST_LINES);
  kept[MOST_LINES - 1] = `${kept[MOST_LINES - 1]!.slice(0, LINE_LETTERS - 1)}…`;
  return kept;
}

/**
 * A horizontal bar chart drawn on the server as SVG: no chart library reaches the browser. Labels
 * wrap between words instead of being clipped. Its title and a sentence per bar are in the SVG for
 * screen readers; the page shows the same numbers in a table too.
 */
export function BarChart({
  id,
  title,
  bars,
  max,
  format = String,
}: {
  id: string;
  title: string;
  bars: { label: string; value: number }[];
  /** The value of a full-width bar. */
  max: number;
  format?: (value: number) => string;
}) {
  const labelWidth = 270;
  const barWidth = 350;
  const rows = bars.map((bar) => {
    const lines = labelLines(bar.label);
    return { ...bar, lines, height: Math.max(28, lines.length * LINE_HEIGHT + 12) };
  });
  const height = rows.reduce((sum, row) => sum + row.height, 0) + 8;
  let top = 4;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${labelWidth + barWidth + 80} ${height}`}
      className="h-auto w-full max-w-3xl"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{bars.map((bar) => `${bar.label}: ${format(bar.value)}`).join("; ")}</desc>
      {rows.map((row, index) => {
        const y = top;
        top += row.height;
        const middle = y + row.height / 2;
        const width = max > 0 ? Math.max(2, (row.value / max) * barWidth) : 2;
        const firstLine = middle - ((row.lines.length - 1) * LINE_HEIGHT) / 2 + 5;
        return (
          <g key={`${row.label}-${index}`}>
            <text x={labelWidth - 8} y={firstLine} textAnchor="end" fontSize="13" fill="#1f2937">
              {row.lines.map((line, number) => (
                <tspan key={number} x={labelWidth - 8} dy={number === 0 ? 0 : LINE_HEIGHT}>
                  {line}
                </tspan>
              ))}
            </text>
            <rect x={labelWidth} y={middle - 9} width={width} height={18} rx="3" fill="#1d4ed8" />
            <text x={labelWidth + width + 6} y={middle + 5} fontSize="13" fill="#1f2937">
              {format(row.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
