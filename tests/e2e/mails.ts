import { expect } from "@playwright/test";
import { mailCatcherPorts } from "./ports.ts";

/** The link in the newest mail to `address` with this subject, once the site has sent it. */
export async function linkInMail(address: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const response = await fetch(`http://127.0.0.1:${mailCatcherPorts.http}/mails?to=${encodeURIComponent(address)}`);
    const mails = (await response.json()) as Array<{ subject: string; text: string }>;
    const mail = mails.findLast((received) => received.subject === subject);
    link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
    expect(link, `a mail "${subject}" to ${address}`).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return link!;
}
