import type { z } from "zod";
import { catalogueRecordSchema, type CatalogueRecord, type CatalogueRecordInput } from "../catalogue-record.ts";

/**
 * One row or record of an import file, after reading and checking: a catalogue record to store,
 * the problems that keep it out, or the reason it is not a book at all (a Gutenberg audio book).
 * `at` says where it is in the file: "line 12", "record 7".
 */
export type SourceEntry = { at: string; record: CatalogueRecord } | { at: string; problems: string[] } | { at: string; ignored: string };

/** The file cannot be read as the format at all; nothing of it is stored. */
export class ImportFileError extends Error {
  override name = "ImportFileError";
}

/** What a format calls each record field, so a problem names the column or tag people see. */
export type FieldLabels = Partial<Record<keyof CatalogueRecordInput | "price.amount" | "price.currency", string>>;

/**
 * Checks a mapped record against the catalogue's schema. Problems found while mapping (a price
 * that is not a number) come first; the schema's own are worded for people.
 */
export function checkedEntry(at: string, input: CatalogueRecordInput, mappingProblems: string[], labels: FieldLabels): SourceEntry {
  const result = catalogueRecordSchema.safeParse(input);
  if (result.success && mappingProblems.length === 0) return { at, record: result.data };
  const schemaProblems = result.success ? [] : result.error.issues.map((issue) => describeIssue(issue, input, labels));
  return { at, problems: [...mappingProblems, ...new Set(schemaProblems)] };
}

function describeIssue(issue: z.core.$ZodIssue, input: CatalogueRecordInput, labels: FieldLabels): string {
  const [field, second] = issue.path.map(String);
  const key = (second && field === "price" ? `price.${second}` : field) as keyof FieldLabels;
  const label = labels[key] ?? labels[field as keyof FieldLabels] ?? key ?? "record";
  const value = valueAt(input, issue.path);
  if (issue.code === "invalid_type" && value === undefined) return `${label} is missing`;
  if (issue.code === "too_small" && issue.origin === "string") return `${label} is missing`;
  if (issue.code === "too_big" && issue.origin === "string") return `${label} is longer than ${issue.maximum} characters`;
  if (issue.code === "too_big" && issue.origin === "array") return `${label} has more than ${issue.maximum} entries`;
  if (issue.code === "too_big" || issue.code === "too_small") return `${label} ${shown(value)} is out of range`;
  // The ISBN check words its message with the value already.
  if (issue.code === "custom") return issue.message;
  if (issue.message.startsWith("must")) return `${label} ${shown(value)} ${issue.message}`;
  return `${label}: ${issue.message}`;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    input,
  );
}

function shown(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}
