import { FieldFrame } from "./field-frame.tsx";

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
  const option = (choice: SelectOption) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  );
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(wiring) => (
        <select
          id={id}
          name={name}
          defaultValue={defaultValue ?? ""}
          {...wiring}
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
      )}
    </FieldFrame>
  );
}
