import { afterAll, beforeAll } from "vitest";
import { startWorkers } from "../../jobs/workers";
import { createPolicy, parsePolicyInput } from "../../server/modules/alerts/alerts.service";
import type { TelematicsRuntime } from "../../server/runtime";
import type { DevicePosition } from "../../server/shared/device-contract";
import type { LonLat } from "../../server/shared/geometry";
import { localDay, zonedMidnight } from "../../server/shared/local-time";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";
import { attachDevices } from "../support/factories";
import { position } from "../support/positions";
import { startSmtpServer } from "../support/smtp";
import { startTestTelematics } from "../support/telematics";

export const TZ = "Europe/Tirane";
export const MIN = 60_000;
export const CENTRE: LonLat = [19.8187, 41.3275];

type Step = Partial<DevicePosition> & { t: number };

export interface AlertPipelineSuite {
  ctx: TestContext;
  org: TestOrg;
  admin: Awaited<ReturnType<typeof principalFor>>;
  rt: TelematicsRuntime;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  devices: Awaited<ReturnType<typeof attachDevices>>;
  /** a user of the organisation who reads Albanian */
  albanianUser: { id: string; email: string };
  /** 02:00 local time, yesterday: every sequence stays inside one local day. */
  base: number;
  /** An alert policy every day, in-app to the administrator unless told otherwise. */
  policy(fields: Record<string, unknown>): ReturnType<typeof createPolicy>;
  /** Positions of one device through the pipeline, at the given instants. */
  feed(d: { imei: string }, steps: Step[]): Promise<unknown>;
  /** The vehicle's alerts (of one policy when given), oldest first. */
  alertsOf(vehicleId: string, policyId?: string): ReturnType<ReturnType<typeof alertsQuery>["execute"]>;
  /** Closes the device side and starts it again (what a restart of the process does). */
  restartRuntime(): Promise<void>;
}

const alertsQuery = (ctx: TestContext, vehicleId: string, policyId?: string) => {
  let q = ctx.db.selectFrom("alerts").selectAll().where("vehicle_id", "=", vehicleId).orderBy("occurred_at");
  if (policyId) q = q.where("policy_id", "=", policyId);
  return q;
};

/**
 * The alert engine in the position pipeline, with real PostgreSQL, SMTP and the job worker: a demo organisation
 * with `deviceCount` tracked vehicles and the device side started. The fields are set once `beforeAll` has run.
 */
export function alertPipelineSuite(deviceCount: number): AlertPipelineSuite {
  const s = {} as AlertPipelineSuite;
  let stopWorkers: () => Promise<void>;
  const startRuntime = () => startTestTelematics(s.ctx, { alertRulesCheckMs: 0 });
  s.policy = (fields) =>
    createPolicy(
      s.ctx,
      s.admin,
      parsePolicyInput({
        days: ["0", "1", "2", "3", "4", "5", "6"],
        notify_in_app: "on",
        recipient_ids: [s.org.adminId],
        ...fields,
      }),
    );
  s.feed = (d, steps) =>
    s.rt.pipeline.onPositions(
      d.imei,
      steps.map(({ t, ...rest }) => position(d.imei, { fixTime: new Date(t), ...rest })),
    );
  s.alertsOf = (vehicleId, policyId) => alertsQuery(s.ctx, vehicleId, policyId).execute();
  s.restartRuntime = async () => {
    await s.rt.close();
    s.rt = await startRuntime();
  };

  beforeAll(async () => {
    s.smtp = await startSmtpServer();
    s.ctx = createTestContext({ config: { SMTP_URL: s.smtp.url, PUBLIC_URL: "https://flota.example.test" } });
    const { ctx } = s;
    s.org = await createTestOrg(ctx, { demo: true });
    s.admin = await principalFor(ctx, s.org.adminId);
    s.devices = await attachDevices(ctx, s.org.orgId, deviceCount);
    const u = await ctx.db
      .selectFrom("users")
      .select(["id", "email"])
      .where("org_id", "=", s.org.orgId)
      .where("id", "!=", s.org.adminId)
      .where("email", "is not", null)
      .orderBy("email")
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable("users").set({ default_language: "al" }).where("id", "=", u.id).execute();
    s.albanianUser = { id: u.id, email: u.email! };
    s.base = zonedMidnight(localDay(Date.now() - 26 * 3600_000, TZ), TZ).getTime() + 2 * 3600_000;
    s.rt = await startRuntime();
    stopWorkers = await startWorkers(ctx);
  });
  afterAll(async () => {
    await s.rt?.close();
    await stopWorkers?.();
    await s.ctx?.close();
    await s.smtp?.close();
  });
  return s;
}
