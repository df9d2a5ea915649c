/** PostgreSQL's side of `npm run bench:ingest`: its backends' CPU, read from /proc, and its own COPY ceiling. */
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";

/**
 * CPU time (ms) used so far by each PostgreSQL backend, read from /proc: only when the server runs on this machine
 * and its processes are readable (root, or the same user); null otherwise.
 */
export function backendCpuMs(pids: number[]): Map<number, number> | null {
  const tick = 10; // USER_HZ is 100 on Linux
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop()!.split(" ");
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") return null;
    }
  }
  return pids.length && !out.size ? null : out;
}

/** CPU (ms) the database's backends spent since `from` (backends started since count whole; ones that ended are lost). */
export async function backendCpuSince(pool: pg.Pool, from: Map<number, number> | null): Promise<number | null> {
  const now = backendCpuMs(await benchBackends(pool));
  if (!from || !now) return null;
  let ms = 0;
  for (const [pid, cpu] of now) ms += cpu - (from.get(pid) ?? 0);
  return ms;
}

export async function benchBackends(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  return rows.map((r) => r.pid);
}

/** PostgreSQL's own bulk-load rate into a table shaped like positions, on the same machine. */
export async function copyCeiling(
  pool: pg.Pool,
  orgId: string,
  vehicleIds: string[],
  rows = 300_000,
): Promise<{ rate: number; how: string; cpuUsPerRow: number | null }> {
  await pool.query(
    `CREATE TABLE bench_copy (LIKE positions INCLUDING DEFAULTS INCLUDING CONSTRAINTS); ALTER TABLE bench_copy ADD PRIMARY KEY (vehicle_id, fix_time)`,
  );
  const base = Date.now() - 10 * 3600_000;
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const v = vehicleIds[i % vehicleIds.length];
    const t = new Date(base + Math.floor(i / vehicleIds.length) * 1000).toISOString();
    lines.push(`${orgId},${v},imei,${t},${t},41.3,19.8,40,90,110,9,t,t,1000,{}`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), "flota-copy-"));
  const file = path.join(dir, "rows.csv");
  await writeFile(file, lines.join("\n") + "\n");
  await chmod(dir, 0o755);
  await chmod(file, 0o644);
  const client = await pool.connect();
  try {
    const pid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
    const cpu0 = backendCpuMs([pid])?.get(pid);
    const t = performance.now();
    await client.query(
      `COPY bench_copy (org_id, vehicle_id, device_id, fix_time, server_time, lat, lon, speed_kmh, course, altitude, satellites, ignition, valid, odometer_m, attributes) FROM '${file}' WITH (FORMAT csv, QUOTE '"')`,
    );
    const rate = rows / ((performance.now() - t) / 1000);
    const cpu1 = backendCpuMs([pid])?.get(pid);
    return {
      rate,
      how: "server-side COPY FROM file",
      cpuUsPerRow: cpu0 === undefined || cpu1 === undefined ? null : ((cpu1 - cpu0) * 1000) / rows,
    };
  } catch (err) {
    return {
      rate: NaN,
      how: `COPY unavailable: ${(err as Error).message}`,
      cpuUsPerRow: null,
    };
  } finally {
    client.release();
    await rm(dir, { recursive: true, force: true });
  }
}
