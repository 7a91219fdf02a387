import { Icon } from "#app/components/icons.tsx";
import { RATING_DEFAULT, RATING_MAX } from "../limits.ts";

/**
 * The star rating as a real radio group: arrow keys move and choose, focus is visible, and it
 * posts `rating` without JavaScript. Stars up to the chosen one are filled by CSS (app.css).
 */
export function RatingInput({ defaultValue, error, errorId }: { defaultValue?: string; error?: string; errorId: string }) {
  const typed = Number(defaultValue);
  const chosen = Number.isInteger(typed) && typed >= 1 && typed <= RATING_MAX ? typed : RATING_DEFAULT;
  return (
    <fieldset className="star-input" aria-describedby={error ? errorId : undefined}>
      <legend className="font-medium">Rating</legend>
      <div className="mt-1 flex gap-1">
        {Array.from({ length: RATING_MAX }, (_, index) => {
          const value = index + 1;
          return (
            <label key={value} className="relative cursor-pointer rounded p-1 text-3xl">
              <input
                type="radio"
                name="rating"
                value={value}
                defaultChecked={value === chosen}
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />
              <Icon name="star" />
              <span className="sr-only">{value === 1 ? "1 star" : `${value} stars`}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
