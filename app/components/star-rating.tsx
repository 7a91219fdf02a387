import { Icon } from "./icons.tsx";

/** A read-only row of stars; the text alternative states the value. */
export function StarRating({ value, max = 5, className = "" }: { value: number; max?: number; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-0.5 ${className}`}>
      <span className="sr-only">{`Rated ${value} out of ${max}`}</span>
      {Array.from({ length: max }, (_, index) => (
        <Icon name="star" key={index} className={index < value ? "text-amber-500" : "text-gray-300"} />
      ))}
    </span>
  );
}
