import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { createSmtpTransport, setMailTransport } from "~/server/mail/transport.server";

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  body: string;
};

/**
 * A real SMTP server on a free local port that keeps what it receives, for the test file that
 * calls this: it listens before the file's tests, with the app's mail transport sending to it, and
 * both are undone after them. `failNext(n)` makes the next n deliveries fail with a temporary
 * error, like a mail server outage.
 */
export function setupTestSmtpServer() {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error("Mailbox temporarily unavailable"), {
            responseCode: 451,
          });
          return callback(err);
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? "",
          // Undo quoted-printable soft breaks and the =XX escapes nodemailer uses for long lines.
          body: raw
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
        });
        callback();
      });
    },
  });
  let port = 0;
  const smtp = {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    failNext(n: number) {
      failures = n;
    },
  };
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
    setMailTransport(createSmtpTransport(smtp.url));
  });
  afterAll(async () => {
    setMailTransport(null);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return smtp;
}
