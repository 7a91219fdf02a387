import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { assignRole, endSessionsOf, normaliseEmail } from "#app/features/auth/index.server.ts";
import { isRole, roles, type Role } from "#app/features/auth/index.ts";
import { containsText } from "#app/lib/db/contains-text.server.ts";
import { addressOfSchema } from "#app/lib/text/email-schema.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { recordStaffAction, type StaffActor } from "#app/lib/db/audit-log.server.ts";
import { done, notFound, refused, staffChange } from "./staff-change.server.ts";

export const PEOPLE_PAGE_SIZE = 50;

const lower = (email: string | null) => email?.trim().toLowerCase() ?? null;

/**
 * One page of the people who have signed in, most recent first, with the role each has: set by
 * ADMIN_EMAILS (fixed here), given by address (here or `npm run user:role`), or from their session.
 */
export async function peoplePage(
  db: Kysely<Database>,
  { search, page, adminEmails }: { search: string; page: number; adminEmails: readonly string[] },
) {
  let query = db
    .selectFrom("people")
    .selectAll()
    .orderBy("last_sign_in_at", "desc")
    .orderBy("sub")
    .limit(PEOPLE_PAGE_SIZE + 1)
    .offset((page - 1) * PEOPLE_PAGE_SIZE);
  if (search) query = query.where((eb) => eb.or([containsText("name", search), containsText("email", search)]));
  const rows = await query.execute();
  const people = rows.slice(0, PEOPLE_PAGE_SIZE);
  const emails = people.map((person) => lower(person.email)).filter((email): email is string => email !== null);
  const subs = people.map((person) => person.sub);
  const [given, sessions] = await Promise.all([
    emails.length ? db.selectFrom("user_roles").select(["email", "role"]).where("email", "in", emails).execute() : [],
    subs.length
      ? db.selectFrom("sessions").select(["sub", "role", "last_seen_at"]).where("sub", "in", subs).orderBy("last_seen_at", "desc").execute()
      : [],
  ]);
  return {
    people: people.map((person) => {
      const { role, fixed } = roleOf(person, adminEmails, given, sessions);
      return {
        ...person,
        role,
        roleFixed: fixed,
        signedIn: sessions.some((row) => row.sub === person.sub),
      };
    }),
    more: rows.length > PEOPLE_PAGE_SIZE,
  };
}

/**
 * A person's role: set by ADMIN_EMAILS (`fixed`), given by address, or their latest session's.
 * `given` and `sessions` may hold other people's rows too (`sessions` latest first).
 */
function roleOf(
  person: { sub: string; email: string | null },
  adminEmails: readonly string[],
  given: readonly { email: string; role: string }[],
  sessions: readonly { sub: string; role: string }[],
): { role: Role; fixed: boolean } {
  const email = lower(person.email);
  const fixed = email !== null && adminEmails.includes(email);
  const role = fixed
    ? "admin"
    : (given.find((row) => row.email === email)?.role ?? sessions.find((row) => row.sub === person.sub)?.role ?? "student");
  return { role: isRole(role) ? role : "student", fixed };
}

/** One person's role now, as the accounts page shows it. */
export async function currentRoleOf(db: Kysely<Database>, person: { sub: string; email: string | null }, adminEmails: readonly string[]) {
  const email = lower(person.email);
  const [given, sessions] = await Promise.all([
    email ? db.selectFrom("user_roles").select(["email", "role"]).where("email", "=", email).execute() : [],
    db.selectFrom("sessions").select(["sub", "role"]).where("sub", "=", person.sub).orderBy("last_seen_at", "desc").execute(),
  ]);
  return roleOf(person, adminEmails, given, sessions).role;
}

/** Gives a person a role, by their address, from now on (their sessions too). */
export async function changeRole(db: Kysely<Database>, actor: StaffActor, sub: string, role: Role, adminEmails: readonly string[]) {
  return staffChange(db, null, async (trx) => {
    const person = await trx.selectFrom("people").selectAll().where("sub", "=", sub).executeTakeFirst();
    if (!person) return notFound("person");
    const email = lower(person.email);
    if (!email)
      return refused(
        409,
        "This person's sign-in gives no email address, and roles are given by address: set their role at the college's sign-in service.",
      );
    if (adminEmails.includes(email))
      return refused(409, "This person is an administrator through ADMIN_EMAILS: change that setting to change their role.");
    if (sub === actor.sub && role !== "admin")
      return refused(409, "You cannot take away your own administrator role: ask another administrator.");
    const before = await trx.selectFrom("user_roles").select("role").where("email", "=", email).executeTakeFirst();
    await assignRole(trx, email, role);
    await recordStaffAction(trx, actor, {
      action: "account.role",
      subject: `person:${sub}`,
      before: { email, role: before?.role ?? null },
      after: { email, role },
    });
    return done(undefined);
  });
}

/** Disables a person (their sessions end at once, and they cannot sign in) or enables them again. */
export async function setDisabled(db: Kysely<Database>, actor: StaffActor, sub: string, disabled: boolean) {
  return staffChange(db, null, async (trx) => {
    const before = await trx.selectFrom("people").selectAll().where("sub", "=", sub).executeTakeFirst();
    if (!before) return notFound("person");
    if (sub === actor.sub && disabled) return refused(409, "You cannot disable your own account.");
    const update = disabled ? { disabled_at: new Date().toISOString(), disabled_by: actor.name } : { disabled_at: null, disabled_by: null };
    await trx.updateTable("people").set(update).where("sub", "=", sub).execute();
    if (disabled) await endSessionsOf(trx, sub);
    await recordStaffAction(trx, actor, {
      action: disabled ? "account.disable" : "account.enable",
      subject: `person:${sub}`,
      before: { name: before.name, email: before.email, disabled_at: before.disabled_at },
      after: { name: before.name, email: before.email, ...update },
    });
    return done(undefined);
  });
}

/** A role given by address, to someone who may not have signed in yet. */
export const roleByAddressSchema = z.object({
  email: addressOfSchema("Give the person's email address, the one they sign in with."),
  role: z.enum(roles, { error: "Choose a role." }),
});

/**
 * Roles given to addresses no one has signed in with yet (students aside: that is everyone's role
 * anyway), newest first. Each applies at that address's first sign-in.
 */
export async function waitingRoles(db: Kysely<Database>) {
  return db
    .selectFrom("user_roles")
    .select(["email", "role", "updated_at"])
    .where("role", "!=", "student")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("people")
            .select("sub")
            .where(sql<boolean>`lower(people.email) = user_roles.email`),
        ),
      ),
    )
    .orderBy("updated_at", "desc")
    .limit(200)
    .execute();
}

/**
 * Gives a role to whoever signs in with this address: at their first sign-in if they have not
 * signed in yet, at once to their sessions if they have. Student takes a given role back.
 */
export async function giveRoleByAddress(
  db: Kysely<Database>,
  actor: StaffActor,
  address: string,
  role: Role,
  adminEmails: readonly string[],
) {
  const email = normaliseEmail(address);
  if (adminEmails.includes(email))
    return refused(409, "This address is an administrator through ADMIN_EMAILS: change that setting to change its role.");
  return staffChange(db, null, async (trx) => {
    // Two sign-in services may know one address: any of its people may be the administrator at hand.
    const people = await trx
      .selectFrom("people")
      .select("sub")
      .where(sql<boolean>`lower(email) = ${email}`)
      .orderBy("last_sign_in_at", "desc")
      .execute();
    const person = people[0];
    if (people.some((row) => row.sub === actor.sub) && role !== "admin")
      return refused(409, "You cannot take away your own administrator role: ask another administrator.");
    const before = await trx.selectFrom("user_roles").select("role").where("email", "=", email).executeTakeFirst();
    await assignRole(trx, email, role);
    await recordStaffAction(trx, actor, {
      action: "account.role",
      subject: person ? `person:${person.sub}` : `email:${email}`,
      before: { email, role: before?.role ?? null },
      after: { email, role },
    });
    return done(undefined);
  });
}
