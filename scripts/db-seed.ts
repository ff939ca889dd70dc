// `npm run db:seed`: the demo seed (countries, jobs, study programs, demo accounts). Idempotent.
// Stop the server first when using the embedded database.
import pino from "pino";
import { bootApp } from "~/server/boot.server";
import { loadConfig } from "~/server/config.server";
import { closeDatabase } from "~/server/db/client.server";
import { setLogger } from "~/server/logger.server";

setLogger(pino({ level: "warn" }));
await bootApp({ ...loadConfig(), seedDemo: true }, { script: true });
await closeDatabase();
console.log("Seed complete.");
