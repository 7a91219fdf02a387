import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import type { Confirmation } from "../confirmation.ts";

/**
 * The question a destructive action asks before it is done: its consequence, a button that does
 * it and one that does not. Reading and keyboard focus start here when it appears.
 */
export function ConfirmationPanel({ confirmation }: { confirmation: Confirmation }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "center" });
  }, [confirmation]);
  return (
    <section aria-labelledby="confirmation-heading" className="section mx-auto max-w-3xl">
      <div className="rounded-lg border-2 border-red-300 bg-red-50 p-6 text-red-950">
        <h2 id="confirmation-heading" ref={heading} tabIndex={-1} className="text-xl font-bold">
          {confirmation.question}
        </h2>
        <p className="mt-2">{confirmation.consequence}</p>
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
          {confirmation.fields.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
            {confirmation.confirmLabel}
          </button>
          <a href={`${pathname}${search}`} className="font-semibold text-brand-800 underline">
            Cancel: keep it as it is
          </a>
        </Form>
      </div>
    </section>
  );
}
