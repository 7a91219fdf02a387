import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, refuseWhole } from "./form-submission.server.ts";
import { optionalTextSchema, requiredTextSchema } from "../text/text-schemas.ts";

const schema = z.object({
  name: requiredTextSchema({ label: "Your name", required: "Please enter your name.", max: 20 }),
  note: optionalTextSchema({ label: "The note", notText: "Please type the note as text.", max: 20 }).optional(),
  password: z.string({ error: "Please type your password." }).min(1, "Please type your password."),
});

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
};

describe("parseForm", () => {
  it("gives the schema the text as typed: blank text is the schema's to judge", () => {
    const submission = parseForm(form({ name: " Meena ", note: "   ", password: "x" }), schema);
    expect(submission?.status).toBe("success");
    expect(submission?.status === "success" && submission.value).toEqual({ name: "Meena", note: "", password: "x" });
  });

  it("refuses with the schema's own messages, for empty and missing fields alike", () => {
    const submission = parseForm(form({ name: "   " }), schema);
    expect(submission?.status).toBe("error");
    expect(submission?.reply().error).toEqual({ name: ["Please enter your name."], password: ["Please type your password."] });
  });

  it("is null for a post Conform keeps for itself", () => {
    expect(parseForm(form({ name: "Meena", __intent__: "{not json" }), schema)).toBeNull();
  });
});

describe("refuseWhole", () => {
  it("keeps what was typed but the hidden fields, and marks no field", () => {
    const submission = parseForm(form({ name: "", note: "Hello", password: "secret-1" }), schema)!;
    const result = refuseWhole(submission, "Too many attempts.", ["password"]);
    expect(result.status).toBe("error");
    expect(result.error).toEqual({ "": ["Too many attempts."] });
    expect(result.initialValue).toEqual({ note: "Hello" });
  });
});
