/** Dark cover colours; white text on each has a contrast of at least 4.5:1. */
const palette = ["#155e75", "#1e3a8a", "#5b21b6", "#9d174d", "#166534", "#92400e", "#374151", "#0f766e", "#9f1239", "#3730a3"];

/** The same book always gets the same colour; neighbours usually differ. */
export function coverColour(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}
