import { Form } from "react-router";

/** A staff list's search: one field (`q`), sent with GET so the address can be bookmarked. */
export function SearchForm({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={id} className="block font-medium">
          {label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={value}
          maxLength={100}
          className="mt-1 rounded-md border border-gray-400 px-3 py-2"
        />
      </div>
      <button type="submit" className="btn-primary">
        Search
      </button>
    </Form>
  );
}
