import { useId, type ReactNode } from "react";
import { PageHeader } from "./page-header.tsx";

/** An inner page that is one narrow block under its header: a form, or the answer to one. */
export function FormPage({
  title,
  heading,
  className = "max-w-lg",
  children,
}: {
  /** The page header's title (and breadcrumb). */
  title: string;
  heading: string;
  /** Width and alignment of the block. */
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <>
      <PageHeader title={title} />
      <section className={`section ${className}`} aria-labelledby={headingId}>
        <h2 id={headingId} className="text-2xl font-bold">
          {heading}
        </h2>
        {children}
      </section>
    </>
  );
}
