import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  DataFolderInUseError,
  LOCK_FILE,
  dataFolderHolder,
  lockDataFolder,
} from "./data-folder-lock.server";

const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function folder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-lock-"));
  folders.push(dir);
  return dir;
}

/** Writes the lock file as another holder would have. */
function writeHolder(dir: string, holder: { pid: number; host?: string; ageMs?: number }) {
  const file = path.join(dir, LOCK_FILE);
  fs.writeFileSync(
    file,
    JSON.stringify({
      pid: holder.pid,
      host: holder.host ?? os.hostname(),
      purpose: "the server started with npm run dev",
      startedAt: new Date().toISOString(),
    }),
  );
  if (holder.ageMs) {
    const then = new Date(Date.now() - holder.ageMs);
    fs.utimesSync(file, then, then);
  }
}

/** A process that is alive for the length of a test. */
function liveProcess() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
  children.push(child);
  return child.pid!;
}

/** A pid that certainly belonged to a process that has ended. */
function deadPid() {
  return spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" })
    .stdout.trim()
    .split("\n")
    .map(Number)[0]!;
}

describe("one process per data folder", () => {
  it("refuses a folder a live process holds, naming it, and leaves its lock alone", () => {
    const dir = folder();
    const pid = liveProcess();
    writeHolder(dir, { pid });
    let error: unknown;
    try {
      lockDataFolder(dir, "the server");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataFolderInUseError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `in use by another Passage process \\(the server started with npm run dev, pid ${pid},`,
      ),
    );
    expect(dataFolderHolder(dir)?.pid).toBe(pid);
  });

  it("takes over a lock its holder left behind (killed, or a previous life of this pid)", () => {
    const dir = folder();
    writeHolder(dir, { pid: deadPid() });
    const release = lockDataFolder(dir, "the server");
    expect(dataFolderHolder(dir)).toBeNull(); // our own pid: held by us, nobody else's
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    writeHolder(dir, { pid: process.pid });
    lockDataFolder(dir, "the server")();
  });

  it("from another machine, a lock is held while it is refreshed and left behind after", () => {
    const dir = folder();
    writeHolder(dir, { pid: 1, host: "another-host", ageMs: 5_000 });
    expect(() => lockDataFolder(dir, "the server")).toThrow(/pid 1 on another-host/);
    writeHolder(dir, { pid: 1, host: "another-host", ageMs: 5 * 60_000 });
    lockDataFolder(dir, "the server")();
  });

  it("is released when the process exits, and a killed holder's lock does not block the next", () => {
    const dir = folder();
    const script = (end: string) =>
      `import { lockDataFolder } from ${JSON.stringify(path.resolve(import.meta.dirname, "data-folder-lock.server.ts"))};` +
      `lockDataFolder(${JSON.stringify(dir)}, "a test"); ${end}`;
    const tsx = path.resolve("node_modules/.bin/tsx");
    const exited = spawnSync(tsx, ["-e", script("process.exit(0);")], { encoding: "utf8" });
    expect(exited.status).toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    const killed = spawnSync(tsx, ["-e", script("process.kill(process.pid, 'SIGKILL');")]);
    expect(killed.status).not.toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    expect(dataFolderHolder(dir)).toBeNull();
    lockDataFolder(dir, "the server")();
  });
});
