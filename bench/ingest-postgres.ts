/** PostgreSQL's side of `npm run bench:ingest`: the server's CPU, read from /proc, and its own COPY ceiling. */
import { readdirSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** A process's /proc stat fields after its name: [0] state, [1] parent, [11] utime, [12] stime, [13] cutime, [14] cstime. */
function statFields(pid: number | string): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").pop()!.split(" ");
  } catch {
    return null;
  }
}

/** The postmaster (the parent of this pool's backends), when the server runs on this machine; null otherwise. */
export async function postmasterPid(pool: pg.Pool): Promise<number | null> {
  const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const fields = statFields(rows[0].pid);
  return fields ? Number(fields[1]) : null;
}

/**
 * CPU time (ms) used so far by the whole PostgreSQL server: the postmaster, every live child (backends, WAL writer,
 * checkpointer, background writer, autovacuum) and, through the postmaster's times of reaped children, every child
 * that has ended (a backend closed by the pool's idle timeout would otherwise take its CPU with it). Other databases'
 * work on the same server counts too: run the bench on a quiet server. Null without the postmaster's /proc entry.
 */
export function serverCpuMs(postmaster: number | null): number | null {
  if (postmaster === null) return null;
  const own = statFields(postmaster);
  if (!own) return null;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(entry);
    if (f && Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks * TICK_MS;
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
  const postmaster = await postmasterPid(pool);
  const client = await pool.connect();
  try {
    const cpu0 = serverCpuMs(postmaster);
    const t = performance.now();
    await client.query(
      `COPY bench_copy (org_id, vehicle_id, device_id, fix_time, server_time, lat, lon, speed_kmh, course, altitude, satellites, ignition, valid, odometer_m, attributes) FROM '${file}' WITH (FORMAT csv, QUOTE '"')`,
    );
    const rate = rows / ((performance.now() - t) / 1000);
    const cpu1 = serverCpuMs(postmaster);
    return {
      rate,
      how: "server-side COPY FROM file",
      cpuUsPerRow: cpu0 === null || cpu1 === null ? null : ((cpu1 - cpu0) * 1000) / rows,
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
