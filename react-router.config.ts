import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // FLOTA_BUILD_DIR lets parallel test runs build side by side.
  buildDirectory: process.env.FLOTA_BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;
