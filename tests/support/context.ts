import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { inject } from "vitest";
import { loadConfig, type Config } from "../../server/config";
import type { AppContext } from "../../server/context";
import { connectDatabase, type DatabaseHandle } from "../../server/db/database";
import { createOrganization, seedDemo } from "../../server/seed/seed";
import type { Principal } from "../../server/modules/access/principal";
import { issueSession, loadPrincipal } from "../../server/modules/auth/auth.service";
import { DeviceRegistry } from "../../server/modules/devices/device-registry";
import { createLiveBus, type LiveBus } from "../../server/modules/live/live-bus";
import { JobQueue } from "../../server/queue/job-queue";
import { attachEventReaders } from "../../server/event-readers";

/** A test process's context: a device registry always; a live bus once `attachTestLive` gave it one. */
export interface TestContext extends AppContext {
  devices: DeviceRegistry;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: inject("databaseUrl"),
    LOG_LEVEL: "silent",
    FLOTA_DEMO: "false",
    // Tests never reach the internet: the built-in basemap unless a test serves a style on loopback.
    MAP_STYLE: "offline",
    QUEUE_PREFIX: `t${randomUUID().slice(0, 8)}-`,
    // Media files (video) of test runs go to the system's temporary folder, never the worktree's data folder.
    FLOTA_STORAGE_DIR: path.join(os.tmpdir(), "flota-test-storage"),
    ...overrides,
  });
}

/** A real AppContext on the run's test database; jobs on PostgreSQL unless `redis` is asked for. */
export function createTestContext(opts: { config?: Record<string, string>; redis?: boolean } = {}): TestContext {
  const config = testConfig(opts.config);
  const handle = connectDatabase(inject("databaseUrl"), 5);
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
  const redisUrl = inject("redisUrl");
  // Each context gets its own queue names, so parallel test files never take each other's jobs.
  const jobs = new JobQueue(
    opts.redis && redisUrl ? { kind: "redis", url: redisUrl } : { kind: "postgres", url: inject("databaseUrl") },
    log,
    config.QUEUE_PREFIX,
  );
  const ctx: TestContext = {
    config,
    db: handle.db,
    log,
    jobs,
    buildId: "test",
    handle,
    devices: new DeviceRegistry(handle.db),
    async close() {
      await (ctx.live as LiveBus | undefined)?.close();
      ctx.live = undefined;
      await jobs.close();
      await handle.close();
    },
  };
  // like every process: the events this context commits go to their readers (webhooks, alert notices and e-mails)
  return attachEventReaders(ctx);
}

/** Gives the context its live bus (PostgreSQL NOTIFY, or Redis with `redisUrl`), as a web process has; closed with the context. */
export async function attachTestLive(
  ctx: TestContext,
  opts: { redisUrl?: string | null } = {},
): Promise<TestContext & { live: LiveBus }> {
  const bus = await createLiveBus({
    redisUrl: opts.redisUrl ?? null,
    databaseUrl: inject("databaseUrl"),
    log: ctx.log,
  });
  ctx.live = bus;
  return ctx as TestContext & { live: LiveBus };
}

export const uniqueEmail = (prefix = "user") => `${prefix}-${randomUUID().slice(0, 8)}@test.flota`;

export interface TestOrg {
  orgId: string;
  roles: Awaited<ReturnType<typeof createOrganization>>["roles"];
  adminId: string;
  adminEmail: string;
  adminPassword: string;
}

/** A fresh organisation (tenant) for one test file; `demo` adds teams, people and 25 vehicles. */
export async function createTestOrg(
  ctx: AppContext,
  opts: { demo?: boolean; name?: string; operator?: boolean } = {},
): Promise<TestOrg> {
  const adminEmail = uniqueEmail("admin");
  const adminPassword = "test-password-1";
  const { org, roles, adminId } = await createOrganization(ctx.db, {
    name: opts.name ?? `Org ${randomUUID().slice(0, 6)}`,
    operator: opts.operator,
    admin: { email: adminEmail, password: adminPassword, language: "en" },
  });
  if (opts.demo)
    await seedDemo(ctx.db, org.id, roles, { emailDomain: `${org.id.slice(0, 8)}.test.flota`, imeiPrefix: "" });
  return { orgId: org.id, roles, adminId, adminEmail, adminPassword };
}

/** Signs a user in directly through the service and returns the principal a request would carry. */
export async function principalFor(ctx: AppContext, userId: string): Promise<Principal & { token: string }> {
  const user = await ctx.db
    .selectFrom("users")
    .select(["id", "org_id", "web_only"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const issued = await issueSession(ctx, user, "web", { ip: "127.0.0.1", userAgent: "vitest" });
  const p = await loadPrincipal(ctx, issued.token);
  if (!p) throw new Error("principal not loaded");
  return Object.assign(p, { token: issued.token });
}
