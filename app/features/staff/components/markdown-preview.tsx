/** Markdown a teacher is writing, as learners would read it, before it is saved (the server rendered it). */
export function MarkdownPreview({ id, html, empty, className = "" }: { id: string; html: string; empty: string; className?: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`rounded-lg border-2 border-dashed border-gray-300 p-5 ${className}`}>
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        Preview (not saved yet)
      </h3>
      {html ? <div className="lesson-notes" dangerouslySetInnerHTML={{ __html: html }} /> : <p className="mt-2 text-muted">{empty}</p>}
    </section>
  );
}
