import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "domain/**/*.test.ts",
            "server/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "tests/unit/**/*.test.ts",
          ],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/fresh-registry.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          maxWorkers: 2,
          // Files share a worker's modules (tests/integration/fresh-registry.ts resets the state).
          isolate: false,
        },
      },
      {
        // `npm run test:hostile` (issue 12): attacks on the production build, in-process.
        extends: true,
        test: {
          name: "hostile",
          include: ["tests/hostile/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/fresh-registry.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          maxWorkers: 2,
          // As for integration: files share a worker's modules (the build is imported once).
          isolate: false,
        },
      },
    ],
  },
});
