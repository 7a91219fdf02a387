import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import type { z } from "zod";
import { SelectField } from "#app/components/select-field.tsx";
import { conformFieldProps, TextField } from "#app/components/text-field.tsx";
import type { ListingFields, listingSchema } from "../editing/schemas.ts";
import { CARD_TITLE_MAX_LENGTH, DURATION_MAX_LENGTH, TEACHER_MAX_LENGTH } from "../limits.ts";

/**
 * The card of a course in one category listing (the spec's card fields), or a new one. Each has
 * its own form: saving one card leaves the others as they are.
 */
export function ListingForm({
  id,
  listing,
  categories,
  lastResult,
  message,
}: {
  /** The stored card's id; undefined for the form that adds one. */
  id?: string;
  listing?: ListingFields;
  categories: { id: string; name: string }[];
  lastResult?: SubmissionResult<string[]>;
  message?: string;
}) {
  const formId = id ? `listing-${id}` : "listing-new";
  const [form, fields] = useForm<z.input<typeof listingSchema>>({
    id: formId,
    lastResult,
    defaultValue: listing && Object.fromEntries(Object.entries(listing).map(([key, value]) => [key, String(value)])),
  });
  const categoryError = fields.category.errors?.[0];
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={listing ? `Card: ${listing.title}` : "A new card"}
      className="rounded-lg border border-gray-200 p-5"
    >
      {id && <input type="hidden" name="id" value={id} />}
      {message && (
        <p role="alert" className="mb-4 text-red-800">
          {message}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          key={fields.category.key}
          id={fields.category.id}
          name={fields.category.name}
          label="Listing"
          defaultValue={fields.category.initialValue ?? ""}
          error={categoryError}
          placeholder="Choose a listing"
          options={categories.map((category) => ({ value: category.id, label: category.name }))}
        />
        <TextField
          key={fields.title.key}
          {...conformFieldProps(fields.title)}
          label="Title on the card"
          required
          maxLength={CARD_TITLE_MAX_LENGTH}
        />
        <TextField
          key={fields.teacher.key}
          {...conformFieldProps(fields.teacher)}
          label="Teacher"
          required
          maxLength={TEACHER_MAX_LENGTH}
        />
        <TextField
          key={fields.duration.key}
          {...conformFieldProps(fields.duration)}
          label="Duration"
          required
          maxLength={DURATION_MAX_LENGTH}
          hint="As the card shows it, e.g. 12 Hrs."
        />
        <TextField
          key={fields.price.key}
          {...conformFieldProps(fields.price)}
          label="Regular price (US dollars)"
          required
          inputMode="numeric"
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        {/* The first button is the one Enter presses. */}
        <button type="submit" name="intent" value={id ? "listing-update" : "listing-add"} className="btn-primary">
          {id ? "Save the card" : "Add the card"}
        </button>
        {id && (
          <button type="submit" name="intent" value="listing-remove" formNoValidate className="btn-light border border-gray-300">
            Remove from the listing
          </button>
        )}
      </div>
    </Form>
  );
}
