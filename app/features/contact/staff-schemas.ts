import { z } from "zod";

/** Where a page of the staff list starts: just older than this message. */
export interface MessageCursor {
  createdAt: string;
  id: string;
}

/** `before` in the address: "<created_at>_<id>" of the last message on the previous page. */
export const encodeCursor = ({ createdAt, id }: MessageCursor) => `${createdAt}_${id}`;

const notAPage = "This address does not name a page of messages: start again from the newest.";
const cursorSchema = z
  .string()
  .transform((value) => {
    const split = value.indexOf("_");
    return { createdAt: value.slice(0, split), id: value.slice(split + 1) };
  })
  .pipe(z.object({ createdAt: z.iso.datetime({ error: notAPage }), id: z.string().min(1, notAPage).max(100, notAPage) }));

/** The staff list's address: ?filter=open (not handled) and ?before=<cursor>. */
export const staffListQuerySchema = z.object({
  filter: z.enum(["all", "open"], { error: "The filter must be 'all' or 'open'." }).default("all"),
  before: cursorSchema.optional(),
});

export const staffMessageActionSchema = z.object({
  intent: z.enum(["handle", "unhandle"], { error: "Unknown action: the form asks for 'Mark as handled' or 'Mark as not handled'." }),
  id: z
    .string({ error: "The form did not say which message." })
    .trim()
    .min(1, "The form did not say which message.")
    .max(100, "No message has this id."),
});
