import { useId } from "react";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { TextField } from "#app/components/text-field.tsx";
import { COMMENT_MAX_LENGTH, IMAGE_URL_MAX_LENGTH, NAME_MAX_LENGTH } from "../limits.ts";
import type { FeedbackFormResult } from "../types.ts";
import { RatingInput } from "./rating-input.tsx";

/**
 * The fields of 'Give your Feedback'. The caller supplies the <form> (a fetcher's form on the
 * wall, a plain one when a post without JavaScript comes back refused).
 */
export function FeedbackFields({ prefillName, result }: { prefillName: string; result?: FeedbackFormResult }) {
  const id = useId();
  const values = result?.values;
  const errors = result?.errors ?? {};
  return (
    <div className="space-y-4">
      <HoneypotField />
      <TextField
        id={`${id}-name`}
        name="name"
        label="Name"
        required
        maxLength={NAME_MAX_LENGTH}
        autoComplete="name"
        defaultValue={values?.name ?? prefillName}
        error={errors.name}
      />
      <TextField
        id={`${id}-comment`}
        name="comment"
        label="Comment"
        required
        multiline
        maxLength={COMMENT_MAX_LENGTH}
        defaultValue={values?.comment}
        error={errors.comment}
      />
      <TextField
        id={`${id}-image`}
        name="image"
        label="Image Url"
        type="url"
        hint="Optional: the address of a picture of you, starting with https://"
        maxLength={IMAGE_URL_MAX_LENGTH}
        defaultValue={values?.image}
        error={errors.image}
      />
      <RatingInput defaultValue={values?.rating} error={errors.rating} errorId={`${id}-rating-error`} />
    </div>
  );
}
