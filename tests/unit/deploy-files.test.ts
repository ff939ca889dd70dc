import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { loadConfig } from "~/server/config.server";

// Issue 46, point 2: the container image and the compose file that documents the production
// layout. The image itself is built elsewhere (no container registry here); what can be checked
// here is checked: the compose file's settings are ones the server accepts, and the image is the
// release bundle only, run unprivileged, with a health check.
type Service = {
  build?: string;
  image?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
};
const compose = parse(fs.readFileSync("compose.yaml", "utf8")) as {
  services: Record<string, Service>;
};
const dockerfile = fs.readFileSync("Dockerfile", "utf8");

/** Compose's ${VAR:-default} and ${VAR:?message}, with `given` standing in for the .env file. */
function interpolate(value: string, given: Record<string, string>) {
  return value.replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_, name: string, op?: string, rest?: string) => {
      if (given[name] !== undefined) return given[name];
      if (op === "-") return rest ?? "";
      throw new Error(`${name} must be set: ${rest}`);
    },
  );
}

describe("compose.yaml", () => {
  const app = compose.services.app!;

  it("starts the app on PostgreSQL, S3 and SMTP with settings the server accepts", () => {
    const given = { AUTH_SECRET: "s".repeat(40), PAYMENT_PROVIDER: "simulated" };
    const env = Object.fromEntries(
      Object.entries(app.environment!).map(([k, v]) => [k, interpolate(String(v), given)]),
    );
    const config = loadConfig(env);
    expect(config).toMatchObject({
      env: "production",
      databaseUrl: "postgres://passage:passage@postgres:5432/passage",
      storageDriver: "s3",
      workers: 2,
      seedDemo: false,
      s3: { endpoint: "http://minio:9000", bucket: "passage", forcePathStyle: true },
      mail: { smtpUrl: "smtp://mailpit:1025" },
    });
    expect(config.backup.intervalHours).toBe(24);
  });

  it("refuses to start without the secrets an operator must choose", () => {
    expect(() => interpolate(app.environment!.AUTH_SECRET!, {})).toThrow(/AUTH_SECRET must be set/);
    expect(() => interpolate(app.environment!.PAYMENT_PROVIDER!, {})).toThrow(/PAYMENT_PROVIDER/);
  });

  it("waits for a healthy database and a created bucket", () => {
    expect(app.depends_on).toMatchObject({
      postgres: { condition: "service_healthy" },
      "minio-bucket": { condition: "service_completed_successfully" },
    });
    expect(compose.services.postgres!.healthcheck?.test.join(" ")).toContain("pg_isready");
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(["app", "postgres", "minio", "mailpit"]),
    );
  });

  it("is valid for docker compose, where this machine has it", () => {
    const candidates: [string, string[]][] = [
      ["docker", ["compose"]],
      ["docker-compose", []],
    ];
    const env = { ...process.env, AUTH_SECRET: "s".repeat(40), PAYMENT_PROVIDER: "simulated" };
    for (const [command, prefix] of candidates) {
      const version = spawnSync(command, [...prefix, "version"], { encoding: "utf8" });
      if (version.error || version.status !== 0) continue;
      const result = spawnSync(command, [...prefix, "config", "--quiet"], {
        encoding: "utf8",
        env,
      });
      expect(result.status, result.stderr).toBe(0);
    }
  });
});

describe("Dockerfile", () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const final = stages.at(-1)!;

  it("builds the release in one stage and runs only the bundle in the next", () => {
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/RUN npm run release/);
    expect(final).toMatch(/COPY --from=build --chown=node:node \/src\/release\/ \.\//);
    expect(final).not.toMatch(/^COPY (?!--from=build)/m);
    expect(final).toMatch(/CMD \["node", "server\.js"\]/);
  });

  it("runs unprivileged, keeps its data in a volume and checks readiness", () => {
    expect(final).toMatch(/^USER node$/m);
    expect(final).toMatch(/DATA_DIR=\/data/);
    expect(final).toMatch(/HEALTHCHECK[\s\S]*\/readyz/);
    expect(final).toMatch(/STOPSIGNAL SIGTERM/);
  });
});
