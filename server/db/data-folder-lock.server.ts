import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * One process per data folder. The embedded database (PGlite) is a library inside the process
 * that opens it: two servers on one DATA_DIR would each run their own copy of the same files and
 * one would lose its writes. So whoever opens the embedded database first writes
 * DATA_DIR/passage.lock (who, since when, doing what); a second process finds it and stops with a
 * sentence naming the first.
 *
 * A lock whose holder is gone (kill -9, a power cut) must not need a person to delete it:
 *  - on the same machine, a holder whose process no longer exists has left it (the same pid as
 *    ours is a previous life of this process, as pid 1 in a restarted container);
 *  - from another machine (a shared volume), a holder refreshes the file's time every
 *    HEARTBEAT_MS; one not refreshed for STALE_MS has left it.
 */
export const LOCK_FILE = "passage.lock";
const HEARTBEAT_MS = 15_000;
const STALE_MS = 60_000;

export type LockHolder = {
  pid: number;
  host: string;
  /** What the holder is: "server", "npm run db:backup", … */
  purpose: string;
  startedAt: string;
};

export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const since = new Date(holder.startedAt);
    const when = Number.isNaN(since.getTime()) ? holder.startedAt : since.toLocaleString("en-GB");
    const where = holder.host === os.hostname() ? "" : ` on ${holder.host}`;
    super(
      `The data folder ${dataDir} is in use by another Passage process ` +
        `(${holder.purpose}, pid ${holder.pid}${where}, since ${when}). ` +
        "Stop that one first, or give this one its own folder with DATA_DIR.",
    );
    this.name = "DataFolderInUseError";
  }
}

function processExists(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, and belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): { holder: LockHolder; ageMs: number } | null {
  try {
    const holder = JSON.parse(fs.readFileSync(file, "utf8")) as LockHolder;
    if (typeof holder?.pid !== "number" || typeof holder.host !== "string") return null;
    return { holder, ageMs: Date.now() - fs.statSync(file).mtimeMs };
  } catch {
    // Unreadable or half-written (its writer died between open and write): nobody holds it.
    return null;
  }
}

function isHeld(found: { holder: LockHolder; ageMs: number }) {
  const { holder, ageMs } = found;
  if (holder.host === os.hostname()) return holder.pid !== process.pid && processExists(holder.pid);
  return ageMs < STALE_MS;
}

/** Who holds `dataDir` now, if anyone. */
export function dataFolderHolder(dataDir: string): LockHolder | null {
  const found = readHolder(path.join(dataDir, LOCK_FILE));
  return found && isHeld(found) ? found.holder : null;
}

/** How this process was started, for the message a second one shows ("npm run dev"). */
export function startedAs(): string {
  const event = process.env.npm_lifecycle_event;
  if (event) return event === "start" || event === "test" ? `npm ${event}` : `npm run ${event}`;
  return ["node", ...process.argv.slice(1).map((a) => path.relative(process.cwd(), a) || a)].join(
    " ",
  );
}

const held = new Map<string, { holder: LockHolder; release: () => void }>();

/**
 * Takes the data folder for this process, or throws DataFolderInUseError naming its holder.
 * Returns the release; it also runs on every exit of the process that Node sees (signals handled
 * by the server, errors, process.exit). A folder this process already holds is refused too.
 */
export function lockDataFolder(dataDir: string, purpose: string): () => void {
  const dir = path.resolve(dataDir);
  // Held by this very process (a backup asked for inside the server): in use all the same.
  const mine = held.get(dir);
  if (mine) throw new DataFolderInUseError(dir, mine.holder);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    purpose,
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      // "wx": created only if absent, so two processes starting together cannot both succeed.
      fs.writeFileSync(file, JSON.stringify(me) + "\n", { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const found = readHolder(file);
      if (found && isHeld(found)) throw new DataFolderInUseError(dir, found.holder);
      if (attempt >= 3) throw error;
      // Left behind: remove it and try again (another newcomer may win the race; then it holds).
      fs.rmSync(file, { force: true });
    }
  }

  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      // The folder went away (a test removed it): nothing left to hold.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const release = () => {
    if (!held.delete(dir)) return;
    clearInterval(heartbeat);
    process.off("exit", release);
    // Only our own lock: never one a later process took after deciding ours was left behind.
    if (readHolder(file)?.holder.pid === process.pid) fs.rmSync(file, { force: true });
  };
  held.set(dir, { holder: me, release });
  process.on("exit", release);
  return release;
}
