import type { FieldMetadata } from "@conform-to/react";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";

/** A lesson's title and description, as the new-lesson and lesson pages ask for them. */
export function LessonTextFields({ title, description }: { title: FieldMetadata<string>; description: FieldMetadata<string> }) {
  return (
    <>
      <TextField key={title.key} {...conformFieldProps(title)} label="Title" required maxLength={120} />
      <TextField
        key={description.key}
        {...conformFieldProps(description)}
        label="Description"
        multiline
        rows={5}
        required
        maxLength={2000}
        hint="What the lesson teaches and why it matters: two to four sentences."
      />
    </>
  );
}
