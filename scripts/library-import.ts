// Imports a library catalogue file into the e-library:
//   npm run library:import -- <file> [--format csv|marc|marcxml|gutenberg] [--source <name>]
//                                    [--currency INR] [--dry-run] [--errors <file>]
// Exit codes: 0 every record imported, 2 some were skipped (listed), 1 nothing imported.
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { z } from "zod";
import {
  checkCatalogueFile,
  importCatalogueFile,
  type ImportCheck,
  type ImportOptions,
} from "#app/features/library/import/import-catalogue.server.ts";
import { importFormats } from "#app/features/library/import/import-format.ts";
import { ImportFileError } from "#app/features/library/import/source-entry.ts";
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { ConfigError, loadConfig } from "#app/lib/config/env.server.ts";

const usage = `Usage: npm run library:import -- <file> [--format ${importFormats.join("|")}] [--source <name>] [--currency <code>] [--dry-run] [--errors <file>]
  --format    the file's format; found from its name and content when not given
  --source    the name records without an ISBN are kept under (default: csv, marc or gutenberg)
  --currency  the currency of prices the file gives without one (default: INR)
  --dry-run   read and check the file, store nothing
  --errors    write every skipped record and its problems to this file
See docs/library-import.md.`;

/** Problems printed on the terminal; --errors writes them all. */
const shownProblems = 20;

const argumentsSchema = z.object({
  file: z.string({ error: "name the file to import" }).min(1, "name the file to import"),
  format: z.enum(importFormats, { error: `--format must be one of ${importFormats.join(", ")}` }).optional(),
  source: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, "--source must be a lower-case name like koha or main-library (letters, digits, hyphens)")
    .optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "--currency must be a currency code like INR")
    .default("INR"),
  dryRun: z.boolean().default(false),
  errors: z.string().min(1).optional(),
});

function parseArguments() {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        format: { type: "string" },
        source: { type: "string" },
        currency: { type: "string" },
        "dry-run": { type: "boolean" },
        errors: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if (positionals.length > 1) return { error: `import one file at a time (got ${positionals.length})` };
    const parsed = argumentsSchema.safeParse({ ...values, file: positionals[0], dryRun: values["dry-run"] });
    return parsed.success ? { options: parsed.data } : { error: parsed.error.issues[0]?.message ?? "wrong arguments" };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** A bar on a terminal; nothing when stderr is a file or a pipe (CI logs, tests). */
function progressBar(): { update: ImportOptions["onProgress"]; stop(): void } {
  if (!process.stderr.isTTY) return { update: undefined, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: "{phase} |{bar}| {percentage}% | {readMB} of {sizeMB} MB | {eta_formatted} left",
      hideCursor: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  let phase = "";
  return {
    update(next, read, total) {
      const label = next === "checking" ? "Checking" : "Storing ";
      if (label !== phase) {
        if (phase) bar.stop();
        bar.start(total, 0, { phase: label, readMB: mb(0), sizeMB: mb(total) });
        phase = label;
      }
      bar.update(read, { phase: label, readMB: mb(read), sizeMB: mb(total) });
    },
    stop: () => phase && bar.stop(),
  };
}

const formatNames = {
  csv: "the college CSV",
  marc: "MARC 21 (ISO 2709)",
  marcxml: "MARCXML",
  gutenberg: "Project Gutenberg's pg_catalog.csv",
} as const;
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

async function reportProblems(check: ImportCheck, errorsFile: string | undefined) {
  for (const notice of check.notices) console.log(`Note: ${notice}.`);
  const lines = check.rejected.map(({ at, problems }) => `${at}: ${problems.join("; ")}`);
  for (const line of lines.slice(0, shownProblems)) console.error(line);
  if (errorsFile) {
    await writeFile(errorsFile, lines.length ? `${lines.join("\n")}\n` : "");
    if (lines.length) console.error(`Every skipped record and its problems: ${errorsFile}`);
  } else if (lines.length > shownProblems) {
    console.error(`... and ${count(lines.length - shownProblems, "more")}: add --errors <file> to write them all.`);
  }
}

function summary(check: ImportCheck, stored?: { added: number; updated: number }): string {
  const unit = check.format === "csv" || check.format === "gutenberg" ? "row" : "record";
  const lines = [
    stored
      ? `Imported ${count(stored.added + stored.updated, "book")}: ${stored.added.toLocaleString("en-US")} added, ${stored.updated.toLocaleString("en-US")} updated.`
      : `Dry run: ${count(check.valid, "book")} would be imported; nothing was stored.`,
  ];
  if (check.rejected.length) lines.push(`Skipped ${count(check.rejected.length, `${unit} with problems`, `${unit}s with problems`)}.`);
  if (check.ignored) lines.push(`Ignored ${count(check.ignored, "entry that is not a book", "entries that are not books")}.`);
  return lines.join("\n");
}

const parsed = parseArguments();
if (!parsed.options) {
  console.error(`${parsed.error}\n${usage}`);
  process.exit(1);
}
const options = parsed.options;
const bar = progressBar();
try {
  const importOptions: ImportOptions = {
    path: options.file,
    format: options.format,
    source: options.source,
    currency: options.currency,
    onProgress: bar.update,
  };
  let check: ImportCheck;
  let stored: { added: number; updated: number } | undefined;
  if (options.dryRun) {
    check = await checkCatalogueFile(importOptions);
  } else {
    const handle = openDatabase(loadConfig());
    try {
      await migrateToLatest(handle.db);
      const result = await importCatalogueFile(handle.db, importOptions);
      check = result;
      stored = result;
    } finally {
      await handle.close();
    }
  }
  bar.stop();
  console.log(`Read ${options.file} as ${formatNames[check.format]} (source "${check.source}").`);
  await reportProblems(check, options.errors);
  console.log(summary(check, stored));
  process.exitCode = check.rejected.length ? 2 : 0;
} catch (error) {
  bar.stop();
  if (error instanceof ImportFileError) console.error(`Cannot import ${options.file}: ${error.message}. Nothing was imported.`);
  else if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
}
