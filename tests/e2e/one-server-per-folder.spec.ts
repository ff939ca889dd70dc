import { spawnSync } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { E2E_PORT } from "~/playwright.config";
import { expect, test } from "./fixtures";
import { type ServerProcess, spawnServerProcess, startServerProcess } from "./server-process";

// Issue 46, point 5: two servers on one data folder each ran their own copy of the embedded
// database, and one lost its writes. The second is now refused at start, in one line naming the
// first; a busy port is one line too; neither leaves a lock behind.
test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

/** Runs a server that is expected to stop at start; its exit code and everything it printed. */
async function refusedStart(options: Parameters<typeof spawnServerProcess>[0]) {
  const { child, output } = spawnServerProcess(options);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, output: output() };
}

async function inquiriesWith(pgdata: string, subject: string) {
  const database = await PGlite.create(pgdata, { extensions: { pg_trgm } });
  try {
    const { rows } = await database.query<{ n: number }>(
      "select count(*)::int as n from contact_inquiries where subject = $1",
      [subject],
    );
    return rows[0]?.n;
  } finally {
    await database.close();
  }
}

const noStackTrace = (output: string) => expect(output).not.toMatch(/^\s+at /m);

test("a second server on the same data folder is refused; the first keeps every write, and is backed up while serving", async ({
  page,
}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-e2e-folder-"));
  const lockFile = path.join(dataDir, "passage.lock");
  let first: ServerProcess | undefined;
  try {
    first = await startServerProcess({ portOffset: 11, dataDir });
    expect(fs.existsSync(lockFile)).toBe(true);

    const second = await refusedStart({ portOffset: 12, dataDir });
    expect(second.code).toBe(1);
    expect(second.output).toContain(`The data folder ${dataDir} is in use`);
    expect(second.output).toContain(`pid ${first.pid}`);
    noStackTrace(second.output);

    // The first server goes on taking writes: a visitor's message through the contact form.
    const subject = `One folder ${Date.now().toString(36)}`;
    await page.goto(`${first.url}/contact`);
    await page.getByLabel("Full name *").fill("Tariro Folder");
    await page.getByLabel("E-mail *").fill("tariro.folder@example.com");
    await page.getByLabel("Subject *").fill(subject);
    await page.getByLabel("Message *").fill("Is my message kept?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByTestId("contact-success")).toBeVisible();

    // A backup while it serves: the server that holds the folder makes it when the script asks.
    const backups = path.join(dataDir, "..", `${path.basename(dataDir)}-backups`);
    const backup = spawnSync("npm", ["run", "db:backup", "--", "--out", backups], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(backup.status, backup.stdout + backup.stderr).toBe(0);
    expect(await (await fetch(`${first.url}/readyz`)).json()).toMatchObject({ status: "ready" });

    // Stopped cleanly, it releases the folder, and the message is in its database...
    await first.stop();
    first = undefined;
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(await inquiriesWith(path.join(dataDir, "pgdata"), subject)).toBe(1);

    // ...and in the backup, restored into an empty data folder.
    const restoredDir = `${dataDir}-restored`;
    const [folder] = fs.readdirSync(backups);
    const restore = spawnSync("npm", ["run", "db:restore", "--", path.join(backups, folder!)], {
      env: { ...process.env, DATA_DIR: restoredDir },
      encoding: "utf8",
    });
    expect(restore.status, restore.stdout + restore.stderr).toBe(0);
    expect(await inquiriesWith(path.join(restoredDir, "pgdata"), subject)).toBe(1);
    fs.rmSync(restoredDir, { recursive: true, force: true });
    fs.rmSync(backups, { recursive: true, force: true });
  } finally {
    await first?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a busy port is one clear line and leaves no lock on the data folder", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-e2e-folder-"));
  // Any program on the port will do: here a bare TCP listener.
  const port = E2E_PORT + 11;
  const other = net.createServer().listen(port);
  await once(other, "listening");
  try {
    const second = await refusedStart({ portOffset: 11, dataDir, env: { SEED_DEMO: "false" } });
    expect(second.code).toBe(1);
    expect(second.output).toContain(`port ${port} is already in use`);
    noStackTrace(second.output);
    expect(fs.existsSync(path.join(dataDir, "passage.lock"))).toBe(false);
  } finally {
    other.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
