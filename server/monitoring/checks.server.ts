import crypto from "node:crypto";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { config } from "~/server/config.server";
import { db } from "~/server/db/client.server";
import { lookupOptional } from "~/server/registry.server";
import type { StorageDriver } from "~/server/storage/storage.server";

export const MONITORED_SERVICES = ["database", "storage", "mail", "payments", "pages"] as const;
export type MonitoredService = (typeof MONITORED_SERVICES)[number];

/**
 * One dependency check. `run` resolves when the dependency answers as it should and rejects with
 * a readable reason otherwise; how long it took decides up or slow.
 */
export type Probe = {
  service: MonitoredService;
  run: (signal: AbortSignal) => Promise<void>;
};

/** The database answers a real query. With `url`, a separate connection (tests point it elsewhere). */
export function createDatabaseProbe(options: { url?: string } = {}): Probe {
  return {
    service: "database",
    run: async () => {
      if (!options.url) {
        await db().execute(sql`select count(*) from app_state`);
        return;
      }
      const client = postgres(options.url, { max: 1, connect_timeout: 5, onnotice: () => {} });
      try {
        await client`select 1`;
      } finally {
        await client.end({ timeout: 1 }).catch(() => {});
      }
    },
  };
}

/** Writes, reads back and deletes a small object through the configured storage driver. */
export function createStorageProbe(getDriver?: () => StorageDriver | undefined): Probe {
  return {
    service: "storage",
    run: async () => {
      const driver = getDriver ? getDriver() : lookupOptional<StorageDriver>("storage");
      if (!driver) throw new Error("No file storage driver is registered");
      const key = `monitoring/probe-${crypto.randomUUID()}.txt`;
      const payload = `passage monitor ${new Date().toISOString()}`;
      try {
        await driver.put(key, Readable.from([Buffer.from(payload)]), { contentType: "text/plain" });
        const { body } = await driver.get(key);
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
        if (Buffer.concat(chunks).toString() !== payload) {
          throw new Error("The probe object read back differs from what was written");
        }
      } finally {
        await driver.delete(key).catch(() => {});
      }
    },
  };
}

type RegisteredTransport = { kind: string; check: () => Promise<void> };

/**
 * The mail transport can deliver: SMTP answers (EHLO/AUTH through nodemailer's verify) when
 * configured; the file outbox used without SMTP needs no connection and counts as up.
 */
export function createMailProbe(options: { smtpUrl?: string } = {}): Probe {
  return {
    service: "mail",
    run: async () => {
      const registered = lookupOptional<RegisteredTransport>("mailTransport");
      if (!options.smtpUrl && registered) {
        await registered.check();
        return;
      }
      const url = options.smtpUrl ?? config().mail.smtpUrl;
      if (!url) return;
      const nodemailer = await import("nodemailer");
      const transport = nodemailer.createTransport(url);
      try {
        await transport.verify();
      } finally {
        transport.close();
      }
    },
  };
}

/** The payment provider is configured well enough to take a payment. */
export function createPaymentsProbe(
  options: { provider?: string; paystackSecretKey?: string } = {},
): Probe {
  return {
    service: "payments",
    run: async () => {
      const settings = config().payments;
      const provider = options.provider ?? settings.provider;
      if (provider !== "paystack") return;
      const key = options.paystackSecretKey ?? settings.paystackSecretKey ?? "";
      if (!/^sk_(test|live)_/.test(key)) {
        throw new Error(
          "PAYMENT_PROVIDER is paystack but PAYSTACK_SECRET_KEY is missing or invalid",
        );
      }
    },
  };
}

/** The app renders its home page over HTTP, as a visitor would get it. */
export function createPagesProbe(options: { url?: string; fetcher?: typeof fetch } = {}): Probe {
  return {
    service: "pages",
    run: async (signal) => {
      const url = options.url ?? config().monitor.pageUrl;
      const response = await (options.fetcher ?? fetch)(url, {
        signal,
        headers: { "user-agent": "passage-monitor" },
        redirect: "manual",
      });
      await response.arrayBuffer();
      if (response.status >= 400) throw new Error(`GET ${url} answered ${response.status}`);
    },
  };
}

export function createDefaultProbes(): Probe[] {
  return [
    createDatabaseProbe(),
    createStorageProbe(),
    createMailProbe(),
    createPaymentsProbe(),
    createPagesProbe(),
  ];
}
