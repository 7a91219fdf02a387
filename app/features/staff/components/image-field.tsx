import { COURSE_IMAGE_ACCEPT } from "../limits.ts";

/** A picture file input with its hint and the server's message. */
export function ImageField({ id, label, error, hint }: { id: string; label: string; error?: string; hint: string }) {
  const describedBy = [error && `${id}-error`, `${id}-hint`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        name="image"
        type="file"
        accept={COURSE_IMAGE_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
