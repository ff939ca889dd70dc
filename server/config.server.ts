import path from "node:path";
import { z } from "zod";
import type { LogFormat } from "./logger.server";
import { lookup, register } from "./registry.server";

const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : !/^(0|false|no|off)$/i.test(v)));

// Every environment variable the app reads. The README lists the same set; keep them together.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Named prepared statements on PostgreSQL; off behind a pooler in transaction mode (PgBouncer).
  DATABASE_PREPARE: bool(true),
  // Connections each process keeps to PostgreSQL (see openDatabase: few, so queries pipeline).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(4),
  // How long a request may wait for PostgreSQL: to connect, and for one statement (or an open
  // transaction left idle). Past them the request answers 503 instead of hanging; 0: no limit.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // Stopping: /readyz answers 503 for the drain (a load balancer stops sending) while requests are
  // still served, then in-flight requests and background jobs finish within the timeout.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  // Backups (server/backup): where they go, and the server's own schedule (0: off) and retention.
  BACKUP_DIR: z.string().default("./backups"),
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 31)
    .default(0),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  // Unset: the demo is seeded in development and tests, never in production (npm start, the
  // laptop demo, sets it).
  SEED_DEMO: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : !/^(0|false|no|off)$/i.test(v))),
  // With the demo, its lived-in back-office too (applicants at every stage, documents waiting,
  // messages, interviews this week); the browser tests turn it off and make their own.
  SEED_DEMO_ACTIVITY: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === "" ? true : !/^(0|false|no|off)$/i.test(v))),
  // Worker processes sharing the port (node:cluster); more than one needs DATABASE_URL.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  // Load shedding, per process (server/security/admission.server.ts): page requests running at
  // once, waiting in line, and how long one may wait; past them a fast 503 with Retry-After.
  ADMISSION_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(16),
  ADMISSION_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
  ADMISSION_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(2_000),
  DEMO_PASSWORD: z.string().min(8, "DEMO_PASSWORD must have at least 8 characters").optional(),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must have at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // json (production), text (npm start), pretty (development: pino-pretty); see logger.server.ts.
  LOG_FORMAT: z.enum(["json", "text", "pretty"]).optional(),
  // How many proxies in front append to X-Forwarded-For: a number, or true (= 1) / false (= 0).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? "").trim().toLowerCase();
      if (value === "" || /^(false|no|off)$/.test(value)) return 0;
      if (/^(true|yes|on)$/.test(value)) return 1;
      if (/^\d{1,2}$/.test(value)) return Number(value);
      ctx.addIssue({
        code: "custom",
        message: "TRUST_PROXY must be a number of proxies or true/false",
      });
      return z.NEVER;
    }),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  // Storage and payments
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  // Stored files no row refers to are deleted once older than the grace (an upload in progress is
  // younger), at start and every interval (server/storage/sweep.server.ts).
  STORAGE_SWEEP_GRACE_MS: z.coerce.number().int().min(0).default(3_600_000),
  STORAGE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  // No default here: production must name it (see createPaymentProvider); elsewhere "simulated".
  PAYMENT_PROVIDER: z
    .enum(["simulated", "paystack", "paynow"])
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.string().url().default("https://api.paystack.co"),
  // Paynow (Zimbabwe: EcoCash, OneMoney, local cards); offered beside the main provider when set.
  PAYNOW_INTEGRATION_ID: z.string().trim().optional(),
  PAYNOW_INTEGRATION_KEY: z.string().trim().optional(),
  PAYNOW_BASE_URL: z.string().url().default("https://www.paynow.co.zw"),
  // A Paynow integration takes one currency; its amounts are in it.
  PAYNOW_CURRENCY: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/)
    .transform((v) => v.toUpperCase())
    .default("USD"),
  // Monitoring, metrics, S3 storage
  MONITOR_INTERVAL_MS: z.coerce.number().int().min(1000).default(30_000),
  MONITOR_SLOW_MS: z.coerce.number().int().min(1).default(3000),
  MONITOR_PAGE_URL: z.string().url().optional(),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must have at least 16 characters").optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default("auto"),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  // Mail
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default("Passage <no-reply@passage.example>"),
  // Replies to message e-mails: Reply-To reply+TOKEN@INBOUND_MAIL_DOMAIN, whose mail the provider
  // posts to /webhooks/inbound-mail with INBOUND_MAIL_SECRET (docs/operations.md). Without them,
  // message e-mails reply to the applicant's office.
  INBOUND_MAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "INBOUND_MAIL_DOMAIN must be a domain name")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  INBOUND_MAIL_SECRET: z
    .string()
    .min(24, "INBOUND_MAIL_SECRET must have at least 24 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // WhatsApp (the WhatsApp Business Cloud API) and SMS (Africa's Talking): each channel is on
  // when its settings are all given (docs/operations.md), off otherwise.
  WHATSAPP_TOKEN: z.string().trim().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().optional(),
  // Signs the webhook's posts (X-Hub-Signature-256), and answers its subscription check.
  WHATSAPP_APP_SECRET: z.string().trim().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().optional(),
  // The approved template every notice is sent with, in the person's language: a body of two
  // variables (title, text) and a link button whose URL ends with the page's path.
  WHATSAPP_TEMPLATE: z.string().trim().default("passage_update"),
  WHATSAPP_API_URL: z.string().url().default("https://graph.facebook.com/v21.0"),
  SMS_USERNAME: z.string().trim().optional(),
  SMS_API_KEY: z.string().trim().optional(),
  SMS_SENDER_ID: z.string().trim().optional(),
  SMS_API_URL: z.string().url().default("https://api.africastalking.com/version1"),
  // In the address the provider posts delivery reports and replies to (/webhooks/sms/<secret>).
  SMS_WEBHOOK_SECRET: z
    .string()
    .min(24, "SMS_WEBHOOK_SECRET must have at least 24 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: the app's queries as named prepared statements (see openDatabase). */
  databasePrepare: boolean;
  /** PostgreSQL only: connections in each process's pool (at least 2). */
  databasePoolSize: number;
  /** PostgreSQL only: how long opening a connection may take before the query fails. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL only: statement_timeout and idle_in_transaction_session_timeout; 0: none. */
  databaseStatementTimeoutMs: number;
  /** SIGTERM/SIGINT/SIGHUP: not ready for drainMs, then finish within timeoutMs and exit. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Backups: their folder; the server makes one every intervalHours (0: never), keeping `keep`. */
  backup: { dir: string; intervalHours: number; keep: number };
  seedDemo: boolean;
  /** SEED_DEMO was set; production without it seeds nothing and says so. */
  seedDemoChosen: boolean;
  /** With the demo, its applicants, documents, messages and interviews (SEED_DEMO_ACTIVITY). */
  seedDemoActivity: boolean;
  /** Worker processes sharing the port (node:cluster); 1 = this process serves. */
  workers: number;
  /** Page requests running at once, waiting, and the longest wait, per process. */
  admission: { concurrency: number; queue: number; maxWaitMs: number };
  demoPassword: string | undefined;
  authSecret: string | undefined;
  logLevel: string;
  logFormat: LogFormat;
  /** Trusted proxies in front (X-Forwarded-For hops counted from the right); 0: none. */
  trustProxy: number;
  /** Multiplies every rate limit; only browser tests raise it (many sign-ins from one address). */
  rateLimitScale: number;
  storageDriver: "local" | "s3";
  /** The orphaned-file sweep: files older than graceMs with no row, every intervalMs. */
  storageSweep: { graceMs: number; intervalMs: number };
  payments: {
    provider: "simulated" | "paystack" | "paynow";
    /** PAYMENT_PROVIDER was set; production refuses to start when it was not. */
    providerChosen: boolean;
    paystackSecretKey: string | undefined;
    paystackBaseUrl: string;
    paynow: {
      integrationId: string;
      integrationKey: string;
      baseUrl: string;
      currency: string;
    } | null;
  };
  monitor: { intervalMs: number; slowMs: number; pageUrl: string };
  /** When set, /metrics asks for `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  s3: {
    endpoint: string | undefined;
    region: string;
    bucket: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  };
  /** SMTP when smtpUrl is set; otherwise each message is written as .eml under DATA_DIR/outbox. */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** Where replies to message e-mails go (reply+TOKEN@domain); undefined: to the office. */
    inboundDomain?: string;
    /** The shared secret of the inbound mail webhook; undefined: the webhook is off (404). */
    inboundSecret?: string;
  };
  /** The phone channels; null: that channel is off (not configured). */
  phone: {
    whatsapp: {
      token: string;
      phoneNumberId: string;
      appSecret: string;
      verifyToken: string;
      template: string;
      apiUrl: string;
    } | null;
    sms: {
      username: string;
      apiKey: string;
      senderId: string | undefined;
      apiUrl: string;
      webhookSecret: string;
    } | null;
  };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new Error(
      "Invalid environment:\n  WEB_CONCURRENCY: more than one process needs DATABASE_URL (the embedded database serves one process)",
    );
  }
  if (e.PAYMENT_PROVIDER === "paystack" && !e.PAYSTACK_SECRET_KEY) {
    throw new Error(
      "Invalid environment:\n  PAYSTACK_SECRET_KEY: required when PAYMENT_PROVIDER=paystack",
    );
  }
  if (
    (e.PAYMENT_PROVIDER === "paynow" || e.PAYNOW_INTEGRATION_ID || e.PAYNOW_INTEGRATION_KEY) &&
    !(e.PAYNOW_INTEGRATION_ID && e.PAYNOW_INTEGRATION_KEY)
  ) {
    throw new Error(
      "Invalid environment:\n  PAYNOW_INTEGRATION_ID and PAYNOW_INTEGRATION_KEY: both are needed to take payments through Paynow",
    );
  }
  const whatsapp = [
    e.WHATSAPP_TOKEN,
    e.WHATSAPP_PHONE_NUMBER_ID,
    e.WHATSAPP_APP_SECRET,
    e.WHATSAPP_VERIFY_TOKEN,
  ];
  if (whatsapp.some(Boolean) && !whatsapp.every(Boolean)) {
    throw new Error(
      "Invalid environment:\n  WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN: all four are needed to send on WhatsApp",
    );
  }
  const sms = [e.SMS_USERNAME, e.SMS_API_KEY, e.SMS_WEBHOOK_SECRET];
  if (sms.some(Boolean) && !sms.every(Boolean)) {
    throw new Error(
      "Invalid environment:\n  SMS_USERNAME, SMS_API_KEY and SMS_WEBHOOK_SECRET: all three are needed to send SMS",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePrepare: e.DATABASE_PREPARE,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    backup: {
      dir: path.resolve(e.BACKUP_DIR),
      intervalHours: e.BACKUP_INTERVAL_HOURS,
      keep: e.BACKUP_KEEP,
    },
    shutdown: {
      drainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === "production" ? 2_000 : 0),
      timeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== "production",
    seedDemoChosen: e.SEED_DEMO !== undefined,
    seedDemoActivity: e.SEED_DEMO_ACTIVITY,
    workers: e.WEB_CONCURRENCY,
    admission: {
      concurrency: e.ADMISSION_CONCURRENCY,
      queue: e.ADMISSION_QUEUE,
      maxWaitMs: e.ADMISSION_WAIT_MS,
    },
    demoPassword: e.DEMO_PASSWORD,
    authSecret: e.AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === "development" ? "pretty" : "json"),
    trustProxy: e.TRUST_PROXY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    storageDriver: e.STORAGE_DRIVER,
    storageSweep: { graceMs: e.STORAGE_SWEEP_GRACE_MS, intervalMs: e.STORAGE_SWEEP_INTERVAL_MS },
    payments: {
      provider: e.PAYMENT_PROVIDER ?? "simulated",
      providerChosen: e.PAYMENT_PROVIDER !== undefined,
      paystackSecretKey: e.PAYSTACK_SECRET_KEY || undefined,
      paystackBaseUrl: e.PAYSTACK_BASE_URL.replace(/\/$/, ""),
      paynow:
        e.PAYNOW_INTEGRATION_ID && e.PAYNOW_INTEGRATION_KEY
          ? {
              integrationId: e.PAYNOW_INTEGRATION_ID,
              integrationKey: e.PAYNOW_INTEGRATION_KEY,
              baseUrl: e.PAYNOW_BASE_URL.replace(/\/$/, ""),
              currency: e.PAYNOW_CURRENCY,
            }
          : null,
    },
    monitor: {
      intervalMs: e.MONITOR_INTERVAL_MS,
      slowMs: e.MONITOR_SLOW_MS,
      pageUrl:
        e.MONITOR_PAGE_URL ?? `${(e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "")}/`,
    },
    metricsToken: e.METRICS_TOKEN,
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      inboundDomain: e.INBOUND_MAIL_DOMAIN,
      inboundSecret: e.INBOUND_MAIL_SECRET,
    },
    phone: {
      whatsapp:
        e.WHATSAPP_TOKEN &&
        e.WHATSAPP_PHONE_NUMBER_ID &&
        e.WHATSAPP_APP_SECRET &&
        e.WHATSAPP_VERIFY_TOKEN
          ? {
              token: e.WHATSAPP_TOKEN,
              phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
              appSecret: e.WHATSAPP_APP_SECRET,
              verifyToken: e.WHATSAPP_VERIFY_TOKEN,
              template: e.WHATSAPP_TEMPLATE,
              apiUrl: e.WHATSAPP_API_URL.replace(/\/$/, ""),
            }
          : null,
      sms:
        e.SMS_USERNAME && e.SMS_API_KEY && e.SMS_WEBHOOK_SECRET
          ? {
              username: e.SMS_USERNAME,
              apiKey: e.SMS_API_KEY,
              senderId: e.SMS_SENDER_ID || undefined,
              apiUrl: e.SMS_API_URL.replace(/\/$/, ""),
              webhookSecret: e.SMS_WEBHOOK_SECRET,
            }
          : null,
    },
  };
}

export function setConfig(value: Config) {
  register("config", value);
}

export function config(): Config {
  return lookup<Config>("config");
}
