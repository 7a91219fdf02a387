import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmRegistrationLink, registeredBrowser, testPassword } from "../setup/accounts.ts";
import { engines } from "../setup/databases.ts";
import { responseText } from "../setup/html.ts";
import { TestBrowser } from "../setup/http-client.ts";
import { linkIn, loggedMailTo, startSite, type RunningSite } from "../setup/server.ts";
import { startSmtpStandIn } from "../setup/smtp-stand-in.ts";

const newPassword = "tamarind-monsoon-lantern-9";
let addresses = 0;
const freshEmail = (what: string) => `${what}-${++addresses}-${process.pid}@example.com`;
const freshBrowser = (site: RunningSite) => new TestBrowser(site.url, `198.51.100.${++addresses}`);
/** What a page says, with the address it names taken out: two answers are compared by it. */
const answerWithout = async (response: Response, email: string) => (await responseText(response)).replaceAll(email, "<address>");

/** Signs in through the built-in provider's form; returns the last answer and where it was. */
async function signIn(browser: TestBrowser, email: string, password: string) {
  const start = await browser.request("/signin?return_to=%2Fprofile");
  const atLogin = await browser.follow(start, "/signin");
  if (!atLogin.url.pathname.startsWith("/signin/interaction/")) return atLogin;
  const posted = await browser.postForm(atLogin.url.pathname, { email, password });
  return browser.follow(posted, atLogin.url.pathname);
}

describe.each(engines)("mailed account links on %s, with mail by SMTP", (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let site: RunningSite;
  let stored: ReturnType<RunningSite["database"]["open"]>;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    site = await startSite({ SMTP_URL: smtp.url, CONTACT_FROM: "website@college.example", TRUST_PROXY: "1" }, engine);
    stored = site.database.open();
  });
  afterAll(async () => {
    await stored?.close();
    await site?.stop();
    await smtp?.close();
  });

  /** The newest mail to `address` with this subject, once the outbox has delivered it. */
  async function mailTo(address: string, subject: string) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const mail = smtp.received.findLast((received) => received.to.includes(address) && received.headers.get("subject") === subject);
      if (mail) return mail;
      if (Date.now() > deadline)
        throw new Error(
          `no mail "${subject}" to ${address}; received: ${smtp.received.map((m) => `${m.to} ${m.headers.get("subject")}`).join(", ")}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const mailsTo = (address: string) => smtp.received.filter((received) => received.to.includes(address));
  const accountsWith = async (email: string) =>
    (await stored.db.selectFrom("accounts").select("id").where("email", "=", email).execute()).length;

  function register(browser: TestBrowser, email: string, name = "Meena Raghavan", password = testPassword) {
    return browser.postForm("/register", { name, phone: "9840012345", email, password1: password, password2: password });
  }
  /** What strangers' wrong guesses leave behind: the account blocked for them, for fifteen minutes from now. */
  async function lockForStrangers(email: string) {
    const now = Date.now();
    await stored.db
      .insertInto("login_failures")
      .values({
        key: `account:${email}`,
        count: 11,
        last_failure_at: new Date(now).toISOString(),
        blocked_until: new Date(now + 15 * 60_000).toISOString(),
      })
      .onConflict((oc) => oc.column("key").doUpdateSet({ count: 11, blocked_until: new Date(now + 15 * 60_000).toISOString() }))
      .execute();
  }
  const outboxTo = async (address: string) =>
    (await stored.db.selectFrom("account_mails").select("subject").where("recipient", "=", address).orderBy("created_at").execute()).map(
      (row) => row.subject,
    );
  const tokenOf = (link: URL) => link.searchParams.get("token")!;
  const resetLinkIn = (text: string) => new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(text)![0]);
  /** Moves the start of every mail allowance back in time, as if that much time had passed. */
  const allowancesStartedMinutesAgo = (minutes: number) =>
    stored.db
      .updateTable("rate_limits")
      .set({ window_start: new Date(Date.now() - minutes * 60_000).toISOString() })
      .where("key", "like", "account-mail:%")
      .execute();

  /** A new account whose browser is signed in. */
  async function signedInAccount() {
    const browser = freshBrowser(site);
    const email = freshEmail("learner");
    expect((await register(browser, email)).status).toBe(200);
    const mail = await mailTo(email, "Confirm your account on eLEARNING");
    await confirmRegistrationLink(browser, linkIn(mail.text));
    return { browser, email };
  }

  it("answers a registration the same for a new and a known address: the owner of a known one is told by mail, and no second account is made", async () => {
    const email = freshEmail("twice");
    const first = await register(freshBrowser(site), email);
    expect(first.status).toBe(200);
    const confirm = await mailTo(email, "Confirm your account on eLEARNING");
    expect(confirm.from).toBe("website@college.example");
    expect(confirm.text).toContain("Hello Meena Raghavan,");
    const link = linkIn(confirm.text);
    expect(link.origin + link.pathname).toBe(`${site.url}/register/confirm`);
    // Nothing exists until the link is opened.
    expect(await accountsWith(email)).toBe(0);
    await confirmRegistrationLink(freshBrowser(site), link);
    expect(await accountsWith(email)).toBe(1);

    const again = await register(freshBrowser(site), email.toUpperCase(), "Copy Cat");
    expect(again.status).toBe(200);
    expect(await answerWithout(again, email.toLowerCase())).toBe(await answerWithout(first, email));
    const told = await mailTo(email, "You already have an account on eLEARNING");
    expect(told.text).toContain(`${site.url}/signin`);
    expect(await accountsWith(email)).toBe(1);
    // It carries a reset link of its own, which works for the owner.
    const reset = resetLinkIn(told.text);
    expect(reset.pathname).toBe("/reset-password");
    const done = await freshBrowser(site).postForm(reset.pathname, {
      token: tokenOf(reset),
      password1: newPassword,
      password2: newPassword,
    });
    expect(await responseText(done)).toContain("Your password is changed");
  });

  it("opens a registration link once, and not once it is 30 minutes old", async () => {
    const email = freshEmail("once");
    await register(freshBrowser(site), email);
    const link = linkIn((await mailTo(email, "Confirm your account on eLEARNING")).text);
    await confirmRegistrationLink(freshBrowser(site), link);
    const reused = await freshBrowser(site).postForm("/register/confirm", { token: link.searchParams.get("token")! });
    expect(reused.status).toBe(400);
    expect(await responseText(reused)).toContain("This link no longer works");

    const late = freshEmail("late");
    await register(freshBrowser(site), late);
    const lateLink = linkIn((await mailTo(late, "Confirm your account on eLEARNING")).text);
    const row = await stored.db
      .selectFrom("account_links")
      .select(["created_at", "expires_at"])
      .where("email", "=", late)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(30 * 60 * 1000);
    await stored.db
      .updateTable("account_links")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", late)
      .execute();
    const browser = freshBrowser(site);
    expect((await browser.request(lateLink.pathname + lateLink.search)).status).toBe(400);
    expect((await browser.postForm("/register/confirm", { token: lateLink.searchParams.get("token")! })).status).toBe(400);
    expect(await accountsWith(late)).toBe(0);
  });

  it("answers 'forgot password' the same for known and unknown addresses, and mails only the known one", async () => {
    const { email } = await signedInAccount();
    const unknown = freshEmail("nobody");
    const forUnknown = await freshBrowser(site).postForm("/forgot-password", { email: unknown });
    const forKnown = await freshBrowser(site).postForm("/forgot-password", { email: ` ${email.toUpperCase()} ` });
    expect(forUnknown.status).toBe(200);
    expect(forKnown.status).toBe(200);
    expect(await answerWithout(forKnown, email)).toBe(await answerWithout(forUnknown, unknown));
    await mailTo(email, "Choose a new password for eLEARNING");
    expect(mailsTo(unknown)).toEqual([]);

    const refused = await freshBrowser(site).postForm("/forgot-password", { email: "not an address" });
    expect(refused.status).toBe(400);
    expect(await responseText(refused)).toContain("Please enter a valid email address");
  });

  it("resets a password with the link once: other sessions end, the sign-in lock lifts, the old password stops working", async () => {
    const { browser: elsewhere, email } = await signedInAccount();
    // Locked out by someone guessing: more failures than the throttle allows.
    await lockForStrangers(email);
    expect((await signIn(freshBrowser(site), email, testPassword)).response.status).toBe(429);

    await freshBrowser(site).postForm("/forgot-password", { email });
    const link = linkIn((await mailTo(email, "Choose a new password for eLEARNING")).text);
    expect(link.pathname).toBe("/reset-password");
    const browser = freshBrowser(site);
    const page = await browser.request(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(await responseText(page)).toContain(`For the account ${email}.`);
    const token = link.searchParams.get("token")!;

    // Refusals leave the link usable.
    const weak = await browser.postForm("/reset-password", { token, password1: "password", password2: "password" });
    expect(weak.status).toBe(400);
    expect(await responseText(weak)).toContain("This password would be easy to guess");
    const mismatch = await browser.postForm("/reset-password", { token, password1: newPassword, password2: `${newPassword}x` });
    expect(mismatch.status).toBe(400);
    expect(await responseText(mismatch)).toContain("The two passwords do not match.");

    const done = await browser.postForm("/reset-password", { token, password1: newPassword, password2: newPassword });
    expect(done.status).toBe(200);
    expect(await responseText(done)).toContain("Your password is changed");
    const reused = await browser.postForm("/reset-password", { token, password1: `${newPassword}-2`, password2: `${newPassword}-2` });
    expect(reused.status).toBe(400);
    expect(await responseText(reused)).toContain("This link no longer works");
    expect((await mailTo(email, "Your password on eLEARNING was changed")).text).toContain(`${site.url}/forgot-password`);

    // The browser signed in before is signed out, here and at the provider (it must type the password again).
    expect((await elsewhere.request("/profile")).status).toBe(302);
    const again = await elsewhere.follow(await elsewhere.request("/signin"), "/signin");
    expect(again.url.pathname).toMatch(/^\/signin\/interaction\//);

    expect((await signIn(freshBrowser(site), email, testPassword)).response.status).toBe(401);
    const signedIn = await signIn(freshBrowser(site), email, newPassword);
    expect(signedIn.url.pathname).toBe("/profile");
    expect(signedIn.response.status).toBe(200);
  });

  it("changes the email address only with the current password and a link mailed to the new address; the old address is told", async () => {
    const { browser, email } = await signedInAccount();
    const { email: someoneElses } = await signedInAccount();
    const newEmail = freshEmail("moved");

    const wrongPassword = await browser.postForm("/profile/email", { email: newEmail, password: "not-my-password-1" });
    expect(wrongPassword.status).toBe(400);
    expect(await responseText(wrongPassword)).toContain("This is not your current password.");
    const taken = await browser.postForm("/profile/email", { email: someoneElses, password: testPassword });
    const asked = await browser.postForm("/profile/email", { email: newEmail, password: testPassword });
    expect(taken.status).toBe(200);
    expect(asked.status).toBe(200);
    expect(await answerWithout(taken, someoneElses)).toBe(await answerWithout(asked, newEmail));

    const link = linkIn((await mailTo(newEmail, "Confirm your new address for eLEARNING")).text);
    expect(mailsTo(someoneElses).map((mail) => mail.headers.get("subject"))).toEqual(["Confirm your account on eLEARNING"]);
    // Nothing changes until the link's button is pressed (mail programs open links to check them).
    expect((await browser.request(link.pathname + link.search)).status).toBe(200);
    expect(await accountsWith(newEmail)).toBe(0);
    const done = await freshBrowser(site).postForm(link.pathname, { token: link.searchParams.get("token")! });
    expect(done.status).toBe(200);
    expect(await responseText(done)).toContain(`Done: your account now uses ${newEmail}.`);
    expect((await mailTo(email, "Your address on eLEARNING was changed")).text).toContain(newEmail);

    expect(await responseText(await browser.request("/profile"))).toContain(newEmail);
    expect((await signIn(freshBrowser(site), newEmail, testPassword)).url.pathname).toBe("/profile");
    expect((await freshBrowser(site).postForm(link.pathname, { token: link.searchParams.get("token")! })).status).toBe(400);
  });

  it("mails one address at most three times in 30 minutes, whatever the form and the network, and answers the same; only the newest link works, and still does once the allowance is used up", async () => {
    const email = freshEmail("flooded");
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const response = await register(freshBrowser(site), email);
      expect(response.status).toBe(200);
      answers.push(await answerWithout(response, email));
    }
    expect(new Set(answers).size).toBe(1);
    expect(await outboxTo(email)).toEqual(Array(3).fill("Confirm your account on eLEARNING"));
    const live = await stored.db.selectFrom("account_links").select("purpose").where("email", "=", email).execute();
    expect(live).toEqual([{ purpose: "registration" }]);

    const queued = await stored.db
      .selectFrom("account_mails")
      .select("text")
      .where("recipient", "=", email)
      .orderBy("created_at")
      .execute();
    const links = queued.map((mail) => linkIn(mail.text));
    for (const older of links.slice(0, 2)) {
      const refused = await freshBrowser(site).postForm(older.pathname, { token: tokenOf(older), password: testPassword });
      expect(refused.status).toBe(400);
    }
    await confirmRegistrationLink(freshBrowser(site), links[2]!);
    expect(await accountsWith(email)).toBe(1);

    // Another form, the same allowance: no reset mail, and the answer an unknown address gets.
    const unknown = freshEmail("unknown");
    const forKnown = await freshBrowser(site).postForm("/forgot-password", { email });
    const forUnknown = await freshBrowser(site).postForm("/forgot-password", { email: unknown });
    expect(forKnown.status).toBe(200);
    expect(await answerWithout(forKnown, email)).toBe(await answerWithout(forUnknown, unknown));
    expect(await outboxTo(email)).toHaveLength(3);

    // Once as long as a link lives has passed, the allowance is whole again.
    await allowancesStartedMinutesAgo(30);
    expect((await freshBrowser(site).postForm("/forgot-password", { email })).status).toBe(200);
    expect((await outboxTo(email)).at(-1)).toBe("Choose a new password for eLEARNING");
  });

  it("leaves an owner whose allowance strangers used up a working link: each 'already registered' mail carries a new reset link, the newest works", async () => {
    const { email } = await signedInAccount();
    await allowancesStartedMinutesAgo(30);
    for (let i = 0; i < 4; i++) expect((await register(freshBrowser(site), email, "Copy Cat")).status).toBe(200);
    const told = await stored.db
      .selectFrom("account_mails")
      .select(["subject", "text"])
      .where("recipient", "=", email)
      .where("subject", "=", "You already have an account on eLEARNING")
      .orderBy("created_at")
      .execute();
    expect(told).toHaveLength(3);
    const resets = told.map((mail) => resetLinkIn(mail.text));
    // The owner asks for a reset themselves: past the allowance, so no mail, and the newest link stays live.
    expect((await freshBrowser(site).postForm("/forgot-password", { email })).status).toBe(200);
    expect(await outboxTo(email)).not.toContain("Choose a new password for eLEARNING");
    for (const older of resets.slice(0, 2)) {
      const refused = await freshBrowser(site).postForm(older.pathname, {
        token: tokenOf(older),
        password1: newPassword,
        password2: newPassword,
      });
      expect(refused.status).toBe(400);
    }
    const done = await freshBrowser(site).postForm(resets[2]!.pathname, {
      token: tokenOf(resets[2]!),
      password1: newPassword,
      password2: newPassword,
    });
    expect(await responseText(done)).toContain("Your password is changed");
  });

  it("counts only mails that go out: naming someone's address where no mail is due uses none of its allowance", async () => {
    const { browser } = await signedInAccount();
    const { email: victim } = await signedInAccount();
    const nobody = freshEmail("nobody-yet");
    await allowancesStartedMinutesAgo(30);
    for (let i = 0; i < 4; i++) {
      // A new address for one's own account that is someone else's: no mail goes to it.
      expect((await browser.postForm("/profile/email", { email: victim, password: testPassword })).status).toBe(200);
      // "Forgot password?" for an address without an account: no mail either.
      expect((await freshBrowser(site).postForm("/forgot-password", { email: nobody })).status).toBe(200);
    }
    expect((await freshBrowser(site).postForm("/forgot-password", { email: victim })).status).toBe(200);
    expect((await outboxTo(victim)).at(-1)).toBe("Choose a new password for eLEARNING");
    expect((await register(freshBrowser(site), nobody)).status).toBe(200);
    expect(await outboxTo(nobody)).toEqual(["Confirm your account on eLEARNING"]);
  });

  it("keeps one live link per account and purpose when several requests make one at once", async () => {
    const { browser, email } = await signedInAccount();
    // New addresses each have their own allowance, so nothing but the link table orders these.
    const asked = await Promise.all(
      Array.from({ length: 6 }, () => browser.postForm("/profile/email", { email: freshEmail("racing"), password: testPassword })),
    );
    expect(asked.map((response) => response.status)).toEqual(Array(6).fill(200));
    const links = await stored.db
      .selectFrom("account_links")
      .innerJoin("accounts", "accounts.id", "account_links.account_id")
      .select("purpose")
      .where("accounts.email", "=", email)
      .execute();
    expect(links).toEqual([{ purpose: "email-change" }]);
  });

  it("creates an account only with a password typed on the link's page: a stranger's registration password never becomes the account's", async () => {
    const email = freshEmail("victim");
    const strangersPassword = "stranger-picked-this-7";
    const ownPassword = "peacock-ledger-harbour-5";
    expect((await register(freshBrowser(site), email, "Someone Else", strangersPassword)).status).toBe(200);
    const link = linkIn((await mailTo(email, "Confirm your account on eLEARNING")).text);
    const owner = freshBrowser(site);
    const page = await owner.request(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(await responseText(page)).toContain("To create it, type the password chosen when registering.");

    // The old button alone, a wrong password, or a weak new one: refused, nothing created, the link still live.
    for (const [fields, message] of [
      [{}, "Please type your password."],
      [{ password: "my-usual-password-1" }, "This is not the password chosen when registering."],
      [{ password1: "password", password2: "password" }, "This password would be easy to guess."],
      [{ password1: ownPassword, password2: `${ownPassword}x` }, "The two passwords do not match."],
    ] as const) {
      const refused = await owner.postForm(link.pathname, { token: tokenOf(link), ...fields });
      expect(refused.status).toBe(400);
      expect(await responseText(refused)).toContain(message);
      expect(await accountsWith(email)).toBe(0);
    }

    const choosing = await owner.request(`${link.pathname}?${new URLSearchParams({ token: tokenOf(link), choose: "" })}`);
    expect(await responseText(choosing)).toContain("Choose its password.");
    const created = await owner.postForm(link.pathname, { token: tokenOf(link), password1: ownPassword, password2: ownPassword });
    expect(created.status).toBe(302);
    expect((await owner.follow(created, link.pathname)).url.pathname).toBe("/profile");
    expect(await accountsWith(email)).toBe(1);

    expect((await signIn(freshBrowser(site), email, strangersPassword)).response.status).toBe(401);
    expect((await signIn(freshBrowser(site), email, ownPassword)).url.pathname).toBe("/profile");
  });

  it("keeps the owner's browser signing in while strangers have the account blocked; a new browser gets in by choosing a new password", async () => {
    const { browser: registered, email } = await signedInAccount();
    const device = registered.jar.get("device")!;
    expect(device).toBeTruthy();

    // Strangers from eleven networks: ten wrong guesses are checked, the next refused.
    const guesses = await Promise.all(Array.from({ length: 11 }, (_, i) => signIn(freshBrowser(site), email, `wrong-guess-${i}`)));
    expect(guesses.map((guess) => guess.response.status).sort()).toEqual([...Array(10).fill(401), 429]);

    // The owner's browser, from yet another network, with only its device cookie: in at once.
    const owner = freshBrowser(site);
    owner.jar.store(new Response(null, { headers: { "Set-Cookie": `device=${device}; Path=/` } }));
    const signedIn = await signIn(owner, email, testPassword);
    expect(signedIn.url.pathname).toBe("/profile");
    expect(signedIn.response.status).toBe(200);

    // A new browser of the owner's is refused like a stranger, but for a bounded time that
    // further guesses do not extend.
    const labComputer = freshBrowser(site);
    const refused = (await signIn(labComputer, email, testPassword)).response;
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    await Promise.all(Array.from({ length: 5 }, (_, i) => signIn(freshBrowser(site), email, `more-guesses-${i}`)));
    const later = (await signIn(labComputer, email, testPassword)).response;
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("retry-after"))).toBeLessThanOrEqual(retryAfter);

    // "Forgot password?" works while blocked; the browser that sets the new password is the owner's
    // from then on, even when strangers block the account again.
    expect((await labComputer.postForm("/forgot-password", { email })).status).toBe(200);
    const reset = linkIn((await mailTo(email, "Choose a new password for eLEARNING")).text);
    const done = await labComputer.postForm(reset.pathname, { token: tokenOf(reset), password1: newPassword, password2: newPassword });
    expect(done.status).toBe(200);
    expect(done.headers.getSetCookie().join("\n")).toMatch(/^device=[^;]+; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax$/m);
    await lockForStrangers(email);
    expect((await signIn(freshBrowser(site), email, newPassword)).response.status).toBe(429);
    expect((await signIn(labComputer, email, newPassword)).url.pathname).toBe("/profile");
    // The new password ended the device cookies of the old one.
    expect((await signIn(owner, email, newPassword)).response.status).toBe(429);
  });

  it("refuses an account link at another purpose's page and changes nothing: an email-change link does not reset a password", async () => {
    const { browser, email } = await signedInAccount();
    const newEmail = freshEmail("elsewhere");
    expect((await browser.postForm("/profile/email", { email: newEmail, password: testPassword })).status).toBe(200);
    const change = linkIn((await mailTo(newEmail, "Confirm your new address for eLEARNING")).text);
    const passwordHash = async () =>
      (await stored.db.selectFrom("accounts").select("password_hash").where("email", "=", email).executeTakeFirstOrThrow()).password_hash;
    const before = await passwordHash();

    const token = tokenOf(change);
    const elsewhere = freshBrowser(site);
    expect((await elsewhere.request(`/reset-password?token=${token}`)).status).toBe(400);
    const posted = await elsewhere.postForm("/reset-password", { token, password1: newPassword, password2: newPassword });
    expect(posted.status).toBe(400);
    expect(await responseText(posted)).toContain("This link no longer works");
    expect((await elsewhere.postForm("/register/confirm", { token, password: testPassword })).status).toBe(400);
    expect(await passwordHash()).toBe(before);
    expect(posted.headers.getSetCookie()).toEqual([]);

    // The link still does what it is for.
    const done = await freshBrowser(site).postForm(change.pathname, { token });
    expect(await responseText(done)).toContain(`Done: your account now uses ${newEmail}.`);
  });

  it("stores only a hash of each link's token: the links table never holds a token", async () => {
    const { browser, email } = await signedInAccount();
    const registering = freshEmail("hashed");
    await register(freshBrowser(site), registering);
    await freshBrowser(site).postForm("/forgot-password", { email });
    const newEmail = freshEmail("hashed-move");
    await browser.postForm("/profile/email", { email: newEmail, password: testPassword });
    const tokens = [
      tokenOf(linkIn((await mailTo(registering, "Confirm your account on eLEARNING")).text)),
      tokenOf(linkIn((await mailTo(email, "Choose a new password for eLEARNING")).text)),
      tokenOf(linkIn((await mailTo(newEmail, "Confirm your new address for eLEARNING")).text)),
    ];
    const rows = await stored.db.selectFrom("account_links").selectAll().where("email", "in", [registering, email, newEmail]).execute();
    expect(rows).toHaveLength(3);
    const table = JSON.stringify(rows);
    for (const token of tokens) {
      expect(table).not.toContain(token);
      expect(rows.map((row) => row.id_hash)).toContain(createHash("sha256").update(token).digest("base64url"));
    }
  });

  it("sends visitors who are not signed in to sign in before an address change", async () => {
    const response = await freshBrowser(site).postForm("/profile/email", { email: freshEmail("x"), password: testPassword });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/signin\?return_to=/);
  });
});

describe("without SMTP_URL", () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ TRUST_PROXY: "1" });
  });
  afterAll(() => site?.stop());

  it("writes the mail with its link to the log, for the operator, and the page still says nothing about the address", async () => {
    const { email } = await registeredBrowser(site.url);
    const response = await new TestBrowser(site.url, "192.0.2.7").postForm("/forgot-password", { email });
    expect(response.status).toBe(200);
    const link = linkIn(await loggedMailTo(email, { site: site.url }));
    expect(link.pathname).toBe("/reset-password");
    expect(site.logs.find((line) => line.recipient === email && line.subject === "Choose a new password for eLEARNING")).toMatchObject({
      level: 40,
    });
  });
});
