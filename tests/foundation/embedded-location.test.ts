import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../server/db/embedded";
import { freePort } from "../support/free-port";
import {
  blockedOnDisk,
  checkoutId,
  copyBinaries,
  firstBlockedDirectory,
  mayAccess,
  planCluster,
  POINTER_FILE,
  type PathStat,
} from "../../server/db/embedded-location";
import { installedBinaries, postgresSystemUser } from "../../server/db/embedded-server";

const pgUser = { name: "postgres", uid: 999, gid: 999 };
const dir = (mode: number, uid = 0, gid = 0): PathStat => ({ mode: 0o040000 | mode, uid, gid });

describe("can the postgres user reach a path (pure rules)", () => {
  it("reads the owner's bits for the owner, the group's for the group, the others' for everyone else", () => {
    expect(mayAccess(dir(0o700), pgUser, 1)).toBe(false); // /root on most servers
    expect(mayAccess(dir(0o711), pgUser, 1)).toBe(true); // search without listing is enough
    expect(mayAccess(dir(0o750, 0, 999), pgUser, 1)).toBe(true);
    expect(mayAccess(dir(0o705, 0, 999), pgUser, 1)).toBe(false); // the group's bits apply to the group, not the others'
    expect(mayAccess(dir(0o700, 999, 0), pgUser, 1)).toBe(true);
    expect(mayAccess(dir(0o070, 999, 999), pgUser, 1)).toBe(false); // the owner's bits apply to the owner
    expect(mayAccess(dir(0o000), { uid: 0, gid: 0 }, 1)).toBe(true);
  });

  it("finds the first directory on the way that cannot be entered; missing ones are Flota's to create", () => {
    const tree: Record<string, PathStat> = {
      "/": dir(0o755),
      "/root": dir(0o700),
      "/root/flota": dir(0o755),
      "/root/flota/data": dir(0o755),
      "/srv": dir(0o755),
      "/srv/flota": dir(0o755),
    };
    const statOf = (p: string) => tree[p] ?? null;
    expect(firstBlockedDirectory("/root/flota/data/postgres", pgUser, statOf)).toEqual({
      dir: "/root",
      stat: tree["/root"],
    });
    expect(firstBlockedDirectory("/srv/flota/data/postgres", pgUser, statOf)).toBeNull();
    expect(firstBlockedDirectory("/var/lib/flota/x/postgres", pgUser, statOf)).toBeNull(); // "/var" missing in this tree
    tree["/root"] = dir(0o750, 0, 999);
    expect(firstBlockedDirectory("/root/flota/data/postgres", pgUser, statOf)).toBeNull();
    tree["/root/flota"] = dir(0o700);
    expect(firstBlockedDirectory("/root/flota/data/postgres", pgUser, statOf)?.dir).toBe("/root/flota");
  });

  it("plans the cluster: a pointer wins, a reachable folder is used, a new cluster moves, an existing one is never moved silently", () => {
    const blocked = { dir: "/root", stat: dir(0o700) };
    const base = {
      dataFolder: "/root/flota/data",
      pointer: null,
      clusterHere: false,
      blockedHere: null,
      relocateRoot: "/var/lib/flota",
      blockedRelocateRoot: null,
      user: pgUser,
    };
    expect(planCluster(base)).toEqual({ kind: "here", cluster: "/root/flota/data/postgres" });

    const moved = planCluster({ ...base, blockedHere: blocked, now: new Date("2026-11-24T12:00:00Z") });
    expect(moved.kind).toBe("relocate");
    if (moved.kind !== "relocate") return;
    expect(moved.cluster).toBe(`/var/lib/flota/${checkoutId("/root/flota/data")}/postgres`);
    expect(moved.cluster).toMatch(/^\/var\/lib\/flota\/flota-[0-9a-f]{12}\/postgres$/);
    expect(moved.pointer.reason).toContain("cannot enter /root (mode 700");
    // stable: the same checkout gets the same folder; another checkout another one
    expect(planCluster({ ...base, blockedHere: blocked })).toMatchObject({ cluster: moved.cluster });
    expect(checkoutId("/root/other/data")).not.toBe(checkoutId("/root/flota/data"));

    expect(planCluster({ ...base, pointer: moved.pointer, blockedHere: blocked })).toEqual({
      kind: "recorded",
      cluster: moved.cluster,
      pointer: moved.pointer,
    });

    const existing = planCluster({ ...base, clusterHere: true, blockedHere: blocked });
    expect(existing.kind).toBe("refuse");
    if (existing.kind === "refuse")
      expect(existing.message).toMatch(/does not move an existing database.*FLOTA_DATA_DIR/);

    const nowhere = planCluster({
      ...base,
      blockedHere: blocked,
      blockedRelocateRoot: { dir: "/var/lib", stat: dir(0o700) },
    });
    expect(nowhere.kind).toBe("refuse");
    if (nowhere.kind === "refuse") expect(nowhere.message).toMatch(/cannot enter \/var\/lib .*FLOTA_DATA_DIR/);
  });
});

// ---------------------------------------------------------------- for real, as root

const asRoot = userInfo().uid === 0;
if (!asRoot)
  console.log(
    "[embedded-location] not running as root: the private-folder start is skipped (it needs the postgres system user)",
  );

const cleanup: string[] = [];
afterAll(async () => {
  for (const d of cleanup) await rm(d, { recursive: true, force: true });
});

describe.skipIf(!asRoot)("embedded PostgreSQL started by root from a private folder", () => {
  it("sees the private folder, keeps the cluster under the relocation root with a pointer, and finds it again", {
    timeout: 120_000,
  }, async () => {
    const tmp = await mkdtemp(path.join(tmpdir(), "flota-private-"));
    cleanup.push(tmp);
    await chmod(tmp, 0o755); // mkdtemp makes it private
    const home = path.join(tmp, "home");
    await mkdir(path.join(home, "flota"), { recursive: true });
    await chmod(home, 0o700);
    const user = await postgresSystemUser(() => {});
    const dataFolder = path.join(home, "flota", "data");
    expect(blockedOnDisk(path.join(dataFolder, "postgres"), user)?.dir).toBe(home);

    const relocateRoot = path.join(tmp, "var-lib-flota");
    const port = await freePort();
    const notices: string[] = [];
    const first = await startEmbeddedPostgres({ dir: dataFolder, port, relocateRoot, notice: (m) => notices.push(m) });
    try {
      expect(first.dataDir).toBe(path.join(relocateRoot, checkoutId(dataFolder), "postgres"));
      const pointer = JSON.parse(readFileSync(path.join(dataFolder, POINTER_FILE), "utf8"));
      expect(pointer.cluster).toBe(first.dataDir);
      expect(notices.join("\n")).toContain(`keeping the embedded database in ${first.dataDir}`);
      const c = new pg.Client({ connectionString: first.url });
      await c.connect();
      await c.query("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
      await c.end();
    } finally {
      await first.stop();
    }
    expect(statSync(home).mode & 0o777).toBe(0o700); // the home folder was left alone

    const second = await startEmbeddedPostgres({ dir: dataFolder, port, relocateRoot, notice: (m) => notices.push(m) });
    try {
      expect(second.dataDir).toBe(first.dataDir);
      const c = new pg.Client({ connectionString: second.url });
      await c.connect();
      expect((await c.query("SELECT v FROM kept")).rows).toEqual([{ v: "still here" }]);
      await c.end();
    } finally {
      await second.stop();
    }
  });

  it("copies the PostgreSQL programs once into a folder the postgres user can run them from", {
    timeout: 60_000,
  }, async () => {
    const tmp = await mkdtemp(path.join(tmpdir(), "flota-bin-"));
    cleanup.push(tmp);
    await chmod(tmp, 0o755);
    const installed = await installedBinaries();
    const first = await copyBinaries(installed.nativeDir, path.join(tmp, "var-lib-flota"), installed.version);
    expect(first.copied).toBe(true);
    expect(existsSync(path.join(first.dir, ".complete"))).toBe(true);
    const link = path.join("lib", "libpq.so.5");
    if (existsSync(path.join(installed.nativeDir, link)))
      expect(readlinkSync(path.join(first.dir, link))).toBe(readlinkSync(path.join(installed.nativeDir, link))); // links kept as links
    const user = await postgresSystemUser(() => {});
    const version = execFileSync(path.join(first.dir, "bin", "postgres"), ["--version"], {
      uid: user.uid,
      gid: user.gid,
      cwd: "/",
      encoding: "utf8",
    });
    expect(version).toMatch(/PostgreSQL\) 1\d\./);
    expect(await copyBinaries(installed.nativeDir, path.join(tmp, "var-lib-flota"), installed.version)).toEqual({
      dir: first.dir,
      copied: false,
    });
  });
});
