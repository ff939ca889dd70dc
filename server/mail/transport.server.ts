import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { config } from "~/server/config.server";
import type { MailAttachment } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { lookupOptional, register, unregister } from "~/server/registry.server";

export type MailMessage = {
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string> | null;
  attachments?: MailAttachment[] | null;
  /** Stable id of the outbox row, so a retried delivery carries the same Message-ID. */
  id: string;
};

/** The small interface the sender needs; SMTP in production, a folder of .eml files for demos. */
export type MailTransport = {
  kind: "smtp" | "file";
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Throws when mail cannot be delivered right now (used by monitoring). */
  check(): Promise<void>;
  /** Deletes what this transport kept of these outbox messages (an erased person's mail). */
  forget(ids: readonly string[]): Promise<void>;
  close(): void;
};

function toNodemailer(m: MailMessage) {
  const domain = m.from.match(/@([^>\s]+)/)?.[1] ?? "passage.local";
  return {
    from: m.from,
    to: m.to,
    replyTo: m.replyTo ?? undefined,
    subject: m.subject,
    text: m.text,
    html: m.html ?? undefined,
    headers: m.headers ?? undefined,
    attachments: m.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
    messageId: `<${m.id}@${domain}>`,
  };
}

export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(m) {
      const info = await transporter.sendMail(toNodemailer(m));
      return { messageId: String(info.messageId ?? "") };
    },
    async check() {
      await transporter.verify();
    },
    // Delivered mail is the mail server's; nothing is kept here.
    forget: async () => {},
    close: () => transporter.close(),
  };
}

/**
 * Writes each message as an .eml file a mail client can open (named by its outbox id), and logs
 * one line per message, by id: the file holds the address and subject, the log does not.
 */
export function createFileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    kind: "file",
    async send(m) {
      const info = await composer.sendMail(toNodemailer(m));
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${m.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      logger().info({ mailId: m.id, file }, "mail written to outbox folder");
      return { messageId: String(info.messageId ?? "") };
    },
    async check() {
      await fs.mkdir(dir, { recursive: true });
      const probe = path.join(dir, `.probe-${crypto.randomBytes(4).toString("hex")}`);
      await fs.writeFile(probe, "");
      await fs.rm(probe, { force: true });
    },
    async forget(ids) {
      if (ids.length === 0) return;
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      const endings = ids.map((id) => `-${id}.eml`);
      for (const name of names) {
        if (endings.some((ending) => name.endsWith(ending)))
          await fs.rm(path.join(dir, name), { force: true });
      }
    },
    close: () => composer.close(),
  };
}

/** The process-wide transport: registered by a test, or built from the configuration on first use. */
export function mailTransport(): MailTransport {
  const existing = lookupOptional<MailTransport>("mailTransport");
  if (existing) return existing;
  const c = config();
  const transport = c.mail?.smtpUrl
    ? createSmtpTransport(c.mail.smtpUrl)
    : createFileTransport(path.join(c.dataDir, "outbox"));
  return register("mailTransport", transport);
}

export function setMailTransport(transport: MailTransport | null) {
  lookupOptional<MailTransport>("mailTransport")?.close();
  if (transport) register("mailTransport", transport);
  else unregister("mailTransport");
}

export function mailFrom(): string {
  return config().mail?.from ?? "Passage <no-reply@passage.example>";
}
