// Creates an account with a role, for the first administrator (nobody can give roles before one
// exists): npm run user:create -- <email> <role> [--name "<full name>"] [--phone <number>]
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
import { createAccount } from "#app/features/accounts/queries.server.ts";
import { hashPassword } from "#app/features/accounts/password.server.ts";
import { assignRole } from "#app/features/auth/roles.server.ts";
import { roles } from "#app/features/auth/roles.ts";
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { ConfigError, loadConfig, siteOrigin } from "#app/lib/config/env.server.ts";

const usage = `Usage: npm run user:create -- <email> <${roles.join("|")}> [--name "<full name>"] [--phone <number>]`;
const argumentsSchema = z.object({
  positionals: z.tuple([
    z.email({ error: "the first argument must be an email address" }),
    z.enum(roles, { error: `the role must be one of ${roles.join(", ")}` }),
  ]),
  values: z.object({
    name: z.string().trim().min(1, "--name must not be empty").max(100, "--name can have at most 100 characters").optional(),
    phone: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^\+?\d{6,15}$/, "--phone must be digits, with an optional + in front"))
      .optional(),
  }),
});

function readArguments() {
  try {
    const parsed = argumentsSchema.safeParse(
      parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { name: { type: "string" }, phone: { type: "string" } } }),
    );
    if (parsed.success) return parsed.data;
    console.error(`${parsed.error.issues[0]?.message ?? "wrong arguments"}\n${usage}`);
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
  }
  process.exit(2);
}

const {
  positionals: [email, role],
  values,
} = readArguments();

try {
  const config = loadConfig();
  if (config.OIDC_ISSUER) {
    console.error(
      `Accounts live at the sign-in provider (${config.OIDC_ISSUER}). Create the person there, then give the role: npm run user:role -- ${email} ${role}`,
    );
    process.exit(1);
  }
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const address = email.trim().toLowerCase();
    // Printed once and stored only as a hash: the person signs in with it.
    const password = randomBytes(18).toString("base64url");
    const created = await createAccount(handle.db, {
      name: values.name ?? address.split("@")[0]!,
      phone: values.phone ?? "",
      email: address,
      passwordHash: await hashPassword(password),
    });
    // The account and its role together, or neither (assignRole runs a transaction of its own).
    if (!("emailTaken" in created)) {
      await assignRole(handle.db, address, role).catch(async (error: unknown) => {
        await handle.db.deleteFrom("accounts").where("id", "=", created.account.id).execute();
        throw error;
      });
    }
    if ("emailTaken" in created) {
      console.error(`An account with the address ${address} exists already. To change its role: npm run user:role -- ${address} ${role}`);
      process.exitCode = 1;
    } else {
      console.log(
        `Created ${address} as ${role}. Its password, shown only now:\n\n  ${password}\n\nSign in at ${siteOrigin(config)}/signin and keep the password in a password manager.`,
      );
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
