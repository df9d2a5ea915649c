// Compiles the server's entry points to plain JavaScript in dist/ (one ESM file each; node_modules stay external),
// for the container image, where they start in about a third of the time tsx needs (docs/decisions.md).
// The migrations are copied beside them: server/db/migrate.ts reads them from its own folder.
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

const entryPoints = {
  start: "server/cli/start.ts",
  worker: "jobs/main.ts",
  gateway: "server/cli/gateway.ts",
  migrate: "server/cli/migrate.ts",
  backup: "server/cli/backup.ts",
  restore: "server/cli/restore.ts",
};

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints,
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
await cp("server/db/migrations", "dist/migrations", { recursive: true });
console.log(`compiled ${Object.keys(entryPoints).join(", ")} to dist/`);
