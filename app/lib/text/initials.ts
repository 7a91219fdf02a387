/**
 * Up to two initials of a name ("Meena Raman" → "MR"), for a picture-less avatar: the first letter
 * (or digit) of its first two words, so "Ravi (walkthrough)" is "RW", not "R(".
 */
export function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’.-]*/gu) ?? [];
  return (
    words
      .slice(0, 2)
      .map((word) => [...word][0]!.toUpperCase())
      .join("") || "?"
  );
}
