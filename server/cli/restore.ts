import { parseArgs } from "node:util";
import { RestoreRefused, restoreBackup } from "../backup/restore";
import { ConfigError, loadConfig } from "../config";
import { EmbeddedDatabaseError } from "../db/embedded";

/** `npm run restore -- FILE [--force]`: restores an archive of `npm run backup` (README "Backups"). */
async function main() {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error("usage: npm run restore -- FILE [--force]");
    process.exit(2);
  }
  const config = loadConfig();
  const started = Date.now();
  // an exit before the end (a stream that never finished) must not look like success
  process.exitCode = 1;
  await restoreBackup({
    config,
    file: positionals[0],
    force: values.force ?? false,
    progress: (m) => console.log(`restore: ${m}`),
  });
  process.exitCode = 0;
  console.log(`restore: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err) => {
  if (err instanceof RestoreRefused) console.error(`restore refused: ${err.message}`);
  else if (err instanceof ConfigError || err instanceof EmbeddedDatabaseError) console.error(err.message);
  else console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
