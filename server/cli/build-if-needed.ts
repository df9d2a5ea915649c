import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "server", "locales", "templates", "vite.config.ts", "react-router.config.ts", "package.json"];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, entry)));
  return max;
}

/** Builds the web app into `buildDir` when there is no build or the sources are newer than it. */
export function buildIfNeeded(root: string, buildDir: string, log: (m: string) => void): void {
  const output = path.join(buildDir, "server", "index.js");
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (built && built >= sources) return;
  log(built ? "sources changed; rebuilding the web app" : "building the web app (first start)");
  const bin = path.join(root, "node_modules", ".bin", "react-router");
  const res = spawnSync(bin, ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", FLOTA_BUILD_DIR: buildDir },
  });
  if (res.status !== 0) throw new Error("react-router build failed");
}
