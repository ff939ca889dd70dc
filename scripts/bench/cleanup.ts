// Everything the bench starts or creates registers how to undo it here, so servers, browsers,
// temporary directories and scratch databases go away on success, on failure, on Ctrl-C and when
// the overall timeout fires.

type Step = { label: string; run: () => Promise<void> | void };

const steps: Step[] = [];
let running: Promise<void> | undefined;

/** Registers an undo step; returns a function that runs it now (and removes it from the list). */
export function onCleanup(label: string, run: Step["run"]): () => Promise<void> {
  const step: Step = { label, run };
  steps.push(step);
  return async () => {
    const index = steps.indexOf(step);
    if (index === -1) return;
    steps.splice(index, 1);
    await step.run();
  };
}

/** Runs every registered step, newest first; a failing step is reported and the rest still run. */
export function cleanupAll(): Promise<void> {
  running ??= (async () => {
    while (steps.length > 0) {
      const step = steps.pop()!;
      try {
        await withTimeout(Promise.resolve(step.run()), 20_000, step.label);
      } catch (error) {
        console.error(`cleanup: ${step.label} failed: ${(error as Error).message}`);
      }
    }
  })();
  return running;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Ctrl-C, SIGTERM and the overall deadline all clean up before exiting. */
export function installExitHandlers(timeoutSeconds: number) {
  const stop = (code: number, why: string) => {
    console.error(`\n${why}: stopping servers and removing temporary data...`);
    void cleanupAll().finally(() => process.exit(code));
    // If cleaning up itself hangs, leave anyway.
    setTimeout(() => process.exit(code), 30_000).unref();
  };
  process.once("SIGINT", () => stop(130, "Interrupted"));
  process.once("SIGTERM", () => stop(143, "Terminated"));
  const deadline = setTimeout(
    () => stop(2, `The benchmark ran past BENCH_TIMEOUT (${timeoutSeconds} s)`),
    timeoutSeconds * 1000,
  );
  deadline.unref();
}
