/**
 * A staff form over its size limit (a course picture far too large) is read by the server without
 * the files that do not fit (server/middleware/oversized-form.ts), so that the page can answer with the form
 * again, its message and everything typed, instead of refusing the whole post. Each file left out
 * is named in this field. A client may send the field itself: it is then only told that its own
 * file was too large.
 */
export const FILE_LEFT_OUT_FIELD = "form:file-left-out";

/** The names of the file fields the server left out of this form for being too large. */
export const filesLeftOut = (form: FormData): ReadonlySet<string> => new Set(form.getAll(FILE_LEFT_OUT_FIELD).map(String));
