import { Icon } from "./icons.tsx";

const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/**
 * A read-only row of stars, filled to the value rounded to a whole star; the text alternative
 * states the value to one decimal ("Rated 4.3 out of 5"), or `label` when given.
 */
export function StarRating({ value, max = 5, label, className = "" }: { value: number; max?: number; label?: string; className?: string }) {
  const filled = Math.round(value);
  return (
    <span className={`inline-flex items-center gap-0.5 ${className}`}>
      <span className="sr-only">{label ?? `Rated ${oneDecimal.format(value)} out of ${max}`}</span>
      {Array.from({ length: max }, (_, index) => (
        <Icon name="star" key={index} className={index < filled ? "text-amber-500" : "text-gray-300"} />
      ))}
    </span>
  );
}
