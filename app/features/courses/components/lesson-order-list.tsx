import { useState, type DragEvent } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { PublicationStatus } from "#app/lib/db/schema.ts";
import { StatusBadge } from "#app/features/staff/index.ts";

export interface LessonRow {
  id: string;
  title: string;
  status: PublicationStatus;
  hasVideo: boolean;
  /** Its captions tracks' labels, in menu order. */
  captionLabels: string[];
}

/**
 * A course's lessons in order. Each moves a place with its Up and Down buttons (forms: the keyboard
 * path, and without JavaScript); with JavaScript a lesson can also be dragged to its place, which
 * posts the whole new order. At the first or last place a button says it does nothing rather than
 * being disabled: a disabled button would drop the keyboard's focus to the page.
 */
export function LessonOrderList({ slug, lessons }: { slug: string; lessons: LessonRow[] }) {
  const submit = useSubmit();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);

  const drop = (event: DragEvent, target: string) => {
    event.preventDefault();
    setOver(null);
    if (!dragged || dragged === target) return;
    // The dragged lesson takes the target's place; those between shift by one.
    const order = lessons.map((lesson) => lesson.id);
    const to = order.indexOf(target);
    order.splice(order.indexOf(dragged), 1);
    order.splice(to, 0, dragged);
    setDragged(null);
    void submit({ intent: "reorder", order: order.join(",") }, { method: "post", preventScrollReset: true });
  };

  return (
    <ol className="grid gap-3">
      {lessons.map((lesson, index) => (
        <li
          key={lesson.id}
          draggable
          onDragStart={(event) => {
            setDragged(lesson.id);
            event.dataTransfer.effectAllowed = "move";
          }}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(lesson.id);
          }}
          onDragLeave={() => setOver((current) => (current === lesson.id ? null : current))}
          onDrop={(event) => drop(event, lesson.id)}
          onDragEnd={() => setDragged(null)}
          className={`flex flex-wrap items-center gap-3 rounded-lg border bg-white p-4 ${over === lesson.id ? "border-brand-700 ring-2 ring-brand-700" : "border-gray-200"} ${dragged === lesson.id ? "opacity-50" : ""}`}
        >
          <span aria-hidden="true" className="cursor-grab text-xl text-muted" title="Drag to move">
            ⠿
          </span>
          <span className="w-20 text-sm font-semibold text-brand-800">Lesson {index + 1}</span>
          <Link
            to={`/staff/courses/${slug}/lessons/${lesson.id}`}
            className="min-w-40 flex-1 font-semibold underline-offset-4 hover:underline"
          >
            {lesson.title}
          </Link>
          <StatusBadge status={lesson.status} />
          <span className="text-sm text-muted">
            {lesson.hasVideo ? "Video" : "No video"} ·{" "}
            {lesson.captionLabels.length > 0 ? `Captions: ${lesson.captionLabels.join(", ")}` : "No captions"}
          </span>
          <Form method="post" preventScrollReset className="flex gap-2">
            <input type="hidden" name="lesson" value={lesson.id} />
            <button
              type="submit"
              name="intent"
              value="move-up"
              aria-disabled={index === 0 || undefined}
              onClick={(event) => {
                if (index === 0) event.preventDefault();
              }}
              aria-label={`Move “${lesson.title}” up`}
              className="rounded-md border border-gray-400 px-3 py-1 aria-disabled:cursor-not-allowed aria-disabled:border-dashed aria-disabled:text-gray-600"
            >
              Up
            </button>
            <button
              type="submit"
              name="intent"
              value="move-down"
              aria-disabled={index === lessons.length - 1 || undefined}
              onClick={(event) => {
                if (index === lessons.length - 1) event.preventDefault();
              }}
              aria-label={`Move “${lesson.title}” down`}
              className="rounded-md border border-gray-400 px-3 py-1 aria-disabled:cursor-not-allowed aria-disabled:border-dashed aria-disabled:text-gray-600"
            >
              Down
            </button>
          </Form>
        </li>
      ))}
    </ol>
  );
}
