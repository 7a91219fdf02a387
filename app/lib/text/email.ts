// Kept apart from email-schema.ts so forms in the browser bundle do not carry zod.
export const EMAIL_MAX_LENGTH = 254;
