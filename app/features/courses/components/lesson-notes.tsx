/**
 * A lesson's written notes: HTML the server made from the teacher's Markdown and sanitised
 * (app/lib/markdown/render-markdown.server.ts), so it is inserted as it is.
 */
export function LessonNotes({ html, className = "" }: { html: string; className?: string }) {
  return (
    <section aria-labelledby="lesson-notes-heading" className={className}>
      <h2 id="lesson-notes-heading" className="text-2xl font-bold">
        Lesson notes
      </h2>
      {html ? (
        <div className="lesson-notes mt-2" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="mt-3 text-muted">No notes have been written for this lesson yet.</p>
      )}
    </section>
  );
}
