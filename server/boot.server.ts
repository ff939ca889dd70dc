import path from "node:path";
import { auth as currentAuth, createAuth, resolveAuthSecret, setAuth } from "./auth/auth.server";
import { type Config, setConfig } from "./config.server";
import { type Database, migrateDatabase, openDatabase, setDatabase } from "./db/client.server";
import { lockDataFolder, startedAs } from "./db/data-folder-lock.server";
import { seedDemo, seedReferenceData } from "./db/seed.server";
import type { SeedServices } from "./db/seed-services";
import { logger } from "./logger.server";
import { createPaymentProviders } from "./payments/create-provider.server";
import { setPaymentProviders } from "./payments/provider.server";
import { allocateReceiptNumber } from "./payments/receipts.server";
import { acceptCurrentPolicies } from "./privacy/consent.server";
import { backfillPhoneNumbers } from "./profiles/phone-backfill.server";
import { getSiteSettings, saveSiteSettings } from "./settings/settings.server";
import { createStorage } from "./storage/create-storage.server";
import { setStorage, storage } from "./storage/storage.server";

/** Opens and migrates the database, sets up auth, and seeds demo data on the first start. */
export async function bootApp(
  config: Config,
  // script: a one-off command (db:seed) that takes no payments, so the serving checks do not apply.
  opts: { database?: Database; script?: boolean } = {},
) {
  setConfig(config);
  // Start-up checks that need no database come first, so a bad setting stops before anything opens.
  const paymentProviders = createPaymentProviders(config, { requireChoice: !opts.script });
  const database = opts.database ?? (await openConfiguredDatabase(config, opts.script));
  await migrateDatabase(database);
  setDatabase(database);

  const secret = await resolveAuthSecret(database.db, config.authSecret);
  const auth = createAuth(database.db, {
    baseUrl: config.baseUrl,
    secret,
    secureCookies: config.baseUrl.startsWith("https://"),
  });
  setAuth(auth);

  // File storage and the payment provider, chosen by config (local defaults need no outside service).
  setStorage(await createStorage(config));
  setPaymentProviders(paymentProviders);

  await seedReferenceData();
  if (config.env === "production" && !config.seedDemoChosen && !opts.script) {
    logger().warn("SEED_DEMO is not set: no demo data in production (SEED_DEMO=true for a demo)");
  }
  if (config.seedDemo) {
    const result = await seedDemo(seedServices(), {
      password: config.demoPassword,
      activity: config.seedDemoActivity,
    });
    if (result.createdAccounts.length > 0)
      printDemoAccounts(result.createdAccounts, result.password);
  }
  // Numbers saved as free text before they were checked: in E.164, or kept and flagged.
  await backfillPhoneNumbers();
  logger().info(
    { database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined },
    "database ready",
  );
  return { database, auth };
}

/** The services the seed uses, from this process's registry (server/db/seed-services.ts). */
export function seedServices(): SeedServices {
  return {
    signUp: async (body) => (await currentAuth().api.signUpEmail({ body })).user,
    acceptCurrentPolicies,
    allocateReceiptNumber,
    getSiteSettings,
    saveSiteSettings,
    storage,
  };
}

/**
 * PostgreSQL, or the embedded database in DATA_DIR, which only one process may have open: the
 * data folder is locked first (server/db/data-folder-lock.server.ts) and released when it closes.
 */
async function openConfiguredDatabase(config: Config, script?: boolean): Promise<Database> {
  if (config.databaseUrl) {
    return openDatabase({
      kind: "postgres",
      url: config.databaseUrl,
      prepare: config.databasePrepare,
      max: config.databasePoolSize,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
    });
  }
  const release = lockDataFolder(
    config.dataDir,
    `${script ? "a script" : "the server"} started with ${startedAs()}`,
  );
  try {
    const database = await openDatabase({
      kind: "pglite",
      dataDir: path.join(config.dataDir, "pgdata"),
    });
    const close = database.close;
    return { ...database, close: () => close().finally(release) };
  } catch (error) {
    release();
    throw error;
  }
}

function printDemoAccounts(emails: string[], password: string | null) {
  const lines = [
    "",
    "Demo accounts (created on this first start):",
    ...emails.map((e) => `  ${e}`),
    password
      ? `  password: ${password}   (printed once; set DEMO_PASSWORD to choose your own)`
      : "  password: the value of DEMO_PASSWORD",
    "",
  ];
  process.stdout.write(lines.join("\n") + "\n");
}
