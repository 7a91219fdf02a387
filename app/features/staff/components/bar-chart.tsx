/**
 * A horizontal bar chart drawn on the server as SVG: no chart library reaches the browser. Its
 * title and a sentence per bar are in the SVG for screen readers; the page shows the same numbers
 * in a table too.
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
  const rowHeight = 28;
  const labelWidth = 260;
  const barWidth = 360;
  const height = bars.length * rowHeight + 8;
  const clip = (label: string) => (label.length > 38 ? `${label.slice(0, 37)}…` : label);
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${labelWidth + barWidth + 80} ${height}`}
      className="h-auto w-full max-w-3xl"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{bars.map((bar) => `${bar.label}: ${format(bar.value)}`).join("; ")}</desc>
      {bars.map((bar, index) => {
        const y = index * rowHeight + 4;
        const width = max > 0 ? Math.max(2, (bar.value / max) * barWidth) : 2;
        return (
          <g key={`${bar.label}-${index}`}>
            <text x={labelWidth - 8} y={y + 17} textAnchor="end" fontSize="13" fill="#1f2937">
              {clip(bar.label)}
            </text>
            <rect x={labelWidth} y={y + 4} width={width} height={rowHeight - 10} rx="3" fill="#1d4ed8" />
            <text x={labelWidth + width + 6} y={y + 17} fontSize="13" fill="#1f2937">
              {format(bar.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
