/** The browser tests' site, and the mail catcher's two ports beside it (tests/e2e/mail-catcher.ts). */
export const sitePort = Number(process.env.E2E_PORT ?? 3210);
export const mailCatcherPorts = { smtp: sitePort + 1, http: sitePort + 2 };
