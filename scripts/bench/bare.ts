// Starts the bare replay server (bare-server.mjs) in a child process with the recorded responses.
import { fork } from "node:child_process";
import path from "node:path";
import { onCleanup, withTimeout } from "./cleanup";
import type { RecordedResponse } from "./http-client";

export type Replay = { url: string; cookie?: string; response: RecordedResponse };

export async function startBareServer(replays: Replay[], port: number) {
  const child = fork(path.join(import.meta.dirname, "bare-server.mjs"), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    execArgv: [],
  });
  const stop = onCleanup("stop the bare server", async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await withTimeout(gone, 5_000, "bare server exit").catch(() => child.kill("SIGKILL"));
  });
  const listening = new Promise<number>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the bare server exited with ${code}`)));
    child.on("message", (message: { type: string; port: number }) => {
      if (message.type === "listening") resolve(message.port);
    });
  });
  child.send({
    type: "serve",
    port,
    responses: replays.map((r) => ({
      url: r.url,
      cookie: r.cookie,
      status: r.response.status,
      headers: r.response.headers,
      body: r.response.body.toString("base64"),
    })),
  });
  const actualPort = await withTimeout(listening, 10_000, "bare server start");
  return { origin: `http://127.0.0.1:${actualPort}`, stop };
}
