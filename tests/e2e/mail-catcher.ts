// The browser tests' mail server: the site sends its account mails here (SMTP on MAIL_CATCHER_SMTP_PORT),
// and the tests read them over HTTP: GET /mails?to=<address> answers the mails to that address as JSON.
import { createServer } from "node:http";
import { startSmtpStandIn } from "../setup/smtp-stand-in.ts";

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT);
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT);
const smtp = await startSmtpStandIn({ port: smtpPort });

createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const to = url.searchParams.get("to")?.toLowerCase();
  const mails = smtp.received
    .filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to))
    .map((mail) => ({ to: mail.to, subject: mail.headers.get("subject"), text: mail.text }));
  response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(mails));
}).listen(httpPort, "127.0.0.1");
