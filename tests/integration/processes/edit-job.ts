// A second app process for tests: opens the same PostgreSQL and renames a job through the real
// staff service, exactly as an admin's edit on another server would.
// Usage: tsx tests/integration/processes/edit-job.ts <databaseUrl> <actorId> <jobId> <title>
import { eq } from "drizzle-orm";
import pino from "pino";
import { JobFormSchema } from "~/domain/jobs";
import { loadConfig, setConfig } from "~/server/config.server";
import { openDatabase, setDatabase } from "~/server/db/client.server";
import { jobs } from "~/server/db/schema";
import { updateJob } from "~/server/jobs/admin.server";
import { setLogger } from "~/server/logger.server";

const [url, actorId, jobId, title] = process.argv.slice(2) as [string, string, string, string];
setConfig(loadConfig({ NODE_ENV: "test", SEED_DEMO: "false" }));
setLogger(pino({ level: "silent" }));
const database = await openDatabase({ kind: "postgres", url, max: 2 });
setDatabase(database);
const [job] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
if (!job) throw new Error(`no job ${jobId}`);
const input = JobFormSchema.parse({
  title,
  description: job.description,
  sector: job.sector,
  jobType: job.jobType,
  employmentType: job.employmentType,
  countryId: job.countryId ? String(job.countryId) : undefined,
  isActive: job.isActive ? "on" : undefined,
  isPublic: job.isPublic ? "on" : undefined,
});
await updateJob({ actor: { id: actorId }, jobId, input });
await database.close();
console.log("edited");
