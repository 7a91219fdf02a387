// Gives an account a role: npm run user:role -- <email> <role>
import { z } from "zod";
import { assignRole } from "#app/features/auth/roles.server.ts";
import { roles } from "#app/features/auth/roles.ts";
import { openDatabase } from "#app/lib/db/connect.server.ts";
import { migrateToLatest } from "#app/lib/db/migrate.server.ts";
import { ConfigError, loadConfig } from "#app/lib/config/env.server.ts";

const usage = `Usage: npm run user:role -- <email> <${roles.join("|")}>`;
const argumentsSchema = z.tuple([
  z.email({ error: "the first argument must be an email address" }),
  z.enum(roles, { error: `the role must be one of ${roles.join(", ")}` }),
]);

const parsed = argumentsSchema.safeParse(process.argv.slice(2));
if (!parsed.success) {
  console.error(`${parsed.error.issues[0]?.message ?? "wrong arguments"}\n${usage}`);
  process.exit(2);
}
const [email, role] = parsed.data;

try {
  const config = loadConfig();
  const handle = openDatabase(config);
  try {
    await migrateToLatest(handle.db);
    const sessions = await assignRole(handle.db, email, role);
    const address = email.trim().toLowerCase();
    if (!config.OIDC_ISSUER && !(await handle.db.selectFrom("accounts").select("id").where("email", "=", address).executeTakeFirst())) {
      // The built-in provider does not verify addresses: whoever registers this one first gets the role.
      console.warn(
        `Warning: no account has the address ${address} yet. Whoever registers it first will be ${role}; register it yourself now if in doubt.`,
      );
    }
    console.log(
      `${email.trim().toLowerCase()} is now ${role}${sessions ? ` (${sessions} open session${sessions > 1 ? "s" : ""} changed at once)` : " from their next sign-in"}.`,
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
