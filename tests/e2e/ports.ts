/** The browser tests' site, and the mail catcher's two ports beside it (tests/e2e/mail-catcher.ts). */
export const sitePort = Number(process.env.E2E_PORT ?? 3210);
export const mailCatcherPorts = { smtp: sitePort + 1, http: sitePort + 2 };
/** SMTP_URL of every site the browser tests start: their account mails go to the mail catcher. */
export const mailCatcherSmtpUrl = `smtp://127.0.0.1:${mailCatcherPorts.smtp}`;
