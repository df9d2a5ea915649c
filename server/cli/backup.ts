import { parseArgs } from "node:util";
import { createBackup } from "../backup/backup";
import { ConfigError, loadConfig } from "../config";
import { EmbeddedDatabaseError } from "../db/embedded";

/** `npm run backup -- --out FILE`: one archive of the database and the media files (README "Backups"). */
async function main() {
  const { values } = parseArgs({ options: { out: { type: "string", short: "o" } }, allowPositionals: false });
  if (!values.out) {
    console.error("usage: npm run backup -- --out FILE   (e.g. --out backups/flota-$(date +%F).tar)");
    process.exit(2);
  }
  const config = loadConfig();
  const started = Date.now();
  // an exit before the end (a stream that never finished) must not look like success
  process.exitCode = 1;
  await createBackup({ config, out: values.out, progress: (m) => console.log(`backup: ${m}`) });
  process.exitCode = 0;
  console.log(`backup: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof EmbeddedDatabaseError) console.error(err.message);
  else console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
