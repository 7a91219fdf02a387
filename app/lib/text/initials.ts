/** Up to two initials of a name ("Meena Raman" → "MR"), for a picture-less avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => [...word][0]!.toUpperCase())
      .join("") || "?"
  );
}
