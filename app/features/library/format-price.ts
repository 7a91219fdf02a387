/**
 * A price as people in India read it: the currency's symbol or code, Indian digit grouping
 * ("₹1,299", "US$12.50"), paise only when there are any.
 */
export function formatPrice(amount: number, currencyCode: string): string {
  try {
    return new Intl.NumberFormat("en-IN", {
      style: "currency",
      currency: currencyCode,
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // A code Intl does not accept: still a price a person can read.
    return `${currencyCode} ${amount}`;
  }
}
