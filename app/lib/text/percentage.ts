/** Part × 100 / whole, shown with at most two decimals (7 of 15 → 46.67). */
export const percentage = (part: number, whole: number) => Math.round((part * 10000) / whole) / 100;
