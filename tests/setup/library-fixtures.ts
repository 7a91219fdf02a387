import type { Kysely } from "kysely";
import { catalogueRecordSchema, type CatalogueRecordInput } from "#app/features/library/catalogue-record.ts";
import { changeContent } from "#app/lib/content-versions/content-versions.server.ts";
import { upsertCatalogueRecords } from "#app/features/library/catalogue-store.server.ts";
import type { Database } from "#app/lib/db/schema.ts";

const record = (sourceId: string, input: Partial<CatalogueRecordInput>) =>
  catalogueRecordSchema.parse({ source: "fixture", sourceId, title: `Fixture ${sourceId}`, ...input });

/**
 * Catalogue books for the library's tests, built on made-up words (Quillmarsh, Zorblatt,
 * Vexillon) that no real catalogue holds, so the seed catalogue cannot change what they find.
 */
export const libraryFixtures = [
  record("in-subject", { title: "Notes on networks", subjects: ["Quillmarsh studies"] }),
  record("in-author", { title: "Collected essays", authors: ["Ada Quillmarsh"] }),
  record("in-title", { title: "The Quillmarsh handbook", authors: ["Ravi Kumar"] }),
  record("java", {
    title: "Thinking in Java",
    authors: ["Bruce Eckel"],
    subjects: ["Java"],
    pageCount: 1150,
    downloadUrl: "https://books.example.org/thinking-in-java.pdf",
  }),
  record("algebre", { title: "Algèbre linéaire", authors: ["Élise Côté"], language: "fr", subjects: ["Mathématiques"] }),
  record("hidden", { title: "Zorblatt secrets", notForSale: true, price: { amount: 10, currency: "INR" } }),
  record("zorblatt-free", {
    title: "Zorblatt for everyone",
    downloadUrl: "https://books.example.org/zorblatt.pdf",
    subjects: ["Zorblatt"],
  }),
  record("zorblatt-no-link", { title: "Zorblatt without a copy", subjects: ["Zorblatt"] }),
  record("zorblatt-inr", {
    title: "Zorblatt deluxe",
    price: { amount: 1299, currency: "INR" },
    buyUrl: "https://shop.example.org/zorblatt",
    subjects: ["Zorblatt", "Databases"],
  }),
  record("zorblatt-usd", {
    title: "Zorblatt abroad",
    price: { amount: 12.5, currency: "USD" },
    buyUrl: "https://shop.example.org/abroad",
    language: "de",
  }),
  // A free book read on its own site, not a PDF.
  record("web-copy", { title: "Quorvane field guide", downloadUrl: "https://quorvane.example.org/read/" }),
  // A whole word in a long title, and the same letters starting a longer word in a short one.
  record("krelvin", { title: "A Practical Introduction to Krelvin for Working Engineers" }),
  record("krelvin-script", { title: "Krelvinscript Guide" }),
  record("markup", { title: "Zorblatt <script>alert(1)</script> & sons" }),
  ...Array.from({ length: 45 }, (_, i) => record(`series-${i}`, { title: `Vexillon volume ${String(i + 1).padStart(2, "0")}` })),
];

/**
 * Makes the catalogue exactly the fixtures: the built-in books the site adds at start would
 * otherwise take part in every search (they stay out: the seed runs only when it changes).
 */
export async function insertLibraryFixtures(db: Kysely<Database>) {
  await changeContent(db, "catalogue", (trx) => trx.deleteFrom("books").where("source", "=", "seed").execute());
  return upsertCatalogueRecords(db, libraryFixtures);
}
