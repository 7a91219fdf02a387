/** Part × 100 / whole, shown with at most two decimals (7 of 15 → 46.67). */
export const percentage = (part: number, whole: number) => Math.round((part * 10000) / whole) / 100;

/** A share (0 to 1) as a whole percentage for a table or chart: 0.456 → "46%". */
export const wholePercent = (share: number) => `${Math.round(share * 100)}%`;
