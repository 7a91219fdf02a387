import type { FieldMetadata } from "@conform-to/react";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { LESSON_DESCRIPTION_MAX_LENGTH, LESSON_TITLE_MAX_LENGTH } from "../limits.ts";

/** A lesson's title and description, as the new-lesson and lesson pages ask for them. */
export function LessonTextFields({ title, description }: { title: FieldMetadata<string>; description: FieldMetadata<string> }) {
  return (
    <>
      <TextField key={title.key} {...conformFieldProps(title)} label="Title" required maxLength={LESSON_TITLE_MAX_LENGTH} />
      <TextField
        key={description.key}
        {...conformFieldProps(description)}
        label="Description"
        multiline
        rows={5}
        required
        maxLength={LESSON_DESCRIPTION_MAX_LENGTH}
        hint="What the lesson teaches and why it matters: two to four sentences."
      />
    </>
  );
}
