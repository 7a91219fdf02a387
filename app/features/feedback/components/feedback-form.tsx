import type { useForm } from "@conform-to/react";
import type { z } from "zod";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import { COMMENT_MAX_LENGTH, IMAGE_URL_MAX_LENGTH, NAME_MAX_LENGTH } from "../limits.ts";
import type { feedbackSchema } from "../schemas.ts";
import { RatingInput } from "./rating-input.tsx";

/** The fields `useForm<z.input<typeof feedbackSchema>>` gives. */
type FeedbackFormFields = ReturnType<typeof useForm<z.input<typeof feedbackSchema>>>[1];

/**
 * The fields of 'Give your Feedback', from the caller's `useForm`. The caller supplies the <form>
 * (a fetcher's form on the wall, a plain one when a post without JavaScript comes back refused).
 */
export function FeedbackFields({ fields }: { fields: FeedbackFormFields }) {
  return (
    <div className="space-y-4">
      <HoneypotField />
      <TextField
        key={fields.name.key}
        {...conformFieldProps(fields.name)}
        label="Name"
        required
        maxLength={NAME_MAX_LENGTH}
        autoComplete="name"
      />
      <TextField
        key={fields.comment.key}
        {...conformFieldProps(fields.comment)}
        label="Comment"
        required
        multiline
        maxLength={COMMENT_MAX_LENGTH}
      />
      <TextField
        key={fields.image.key}
        {...conformFieldProps(fields.image)}
        label="Image Url"
        type="url"
        hint="Optional: the address of a picture of you, starting with https://"
        maxLength={IMAGE_URL_MAX_LENGTH}
      />
      <RatingInput
        key={fields.rating.key}
        defaultValue={fields.rating.initialValue}
        error={fields.rating.errors?.[0]}
        errorId={fields.rating.errorId}
      />
    </div>
  );
}
