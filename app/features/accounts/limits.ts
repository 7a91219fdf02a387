// Kept apart from schemas.ts so the pages' browser code does not carry zod.
export const PASSWORD_MIN_LENGTH = 8;
export const ADDRESS_MAX_LENGTH = 300;

export type { FieldErrors } from "../../lib/field-errors.ts";
export type RegisterField = "name" | "phone" | "email" | "password1" | "password2";
export type ContactDetailsField = "phone" | "address";
