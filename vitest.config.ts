import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/api-contract.ts", "tests/setup/report-catalogue.ts"],
    reporters: ["default", "./tests/setup/summary-reporter.ts"],
    // a hang guard, not a timed assertion: browser walks take 25 s on a quiet CI machine and more under load
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
