import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // BUILD_DIR lets several builds live side by side (parallel test runs); default build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
