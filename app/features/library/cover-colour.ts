/**
 * Dark cover colours, as classes (the Content Security Policy refuses style attributes); white
 * text on each has a contrast of at least 4.5:1.
 */
const palette = [
  "bg-[#155e75]",
  "bg-[#1e3a8a]",
  "bg-[#5b21b6]",
  "bg-[#9d174d]",
  "bg-[#166534]",
  "bg-[#92400e]",
  "bg-[#374151]",
  "bg-[#0f766e]",
  "bg-[#9f1239]",
  "bg-[#3730a3]",
];

/** The same book always gets the same colour; neighbours usually differ. */
export function coverColourClass(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}
