export type SelectOption = { value: string; label: string };
export type SelectGroup = { label: string; options: readonly SelectOption[] };

/**
 * A labelled drop-down with its hint and error message wired up for assistive technology, as
 * TextField is for typing. Options may come in groups (optgroup).
 */
export function SelectField({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
  placeholder,
  options,
  className = "",
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  /** The server's message for this field; marks it invalid. */
  error?: string;
  defaultValue?: string;
  /** A first, empty choice ("Choose a listing"), for a field with no sensible default. */
  placeholder?: string;
  options: readonly (SelectOption | SelectGroup)[];
  className?: string;
}) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  const option = (choice: SelectOption) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  );
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 w-full rounded-md border border-gray-400 bg-white px-3 py-2"
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((choice) =>
          "options" in choice ? (
            <optgroup key={choice.label} label={choice.label}>
              {choice.options.map(option)}
            </optgroup>
          ) : (
            option(choice)
          ),
        )}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
