import type { AppContext } from "../../server/context";
import { DEMO_PASSWORD } from "../../server/seed/seed";
import type { AlertType } from "../../server/modules/alerts/alerts.schema";
import { createTestOrg, type TestOrg } from "../support/context";

export interface LogFixture extends TestOrg {
  viewerId: string;
  viewerEmail: string;
  viewerPassword: string;
  driverEmail: string;
  /** vA1, vA2 in the viewer's team; vB in another team */
  v: {
    a1: { id: string; registration: string };
    a2: { id: string; registration: string };
    b: { id: string; registration: string };
  };
  policies: { speeding: string; ignition: string };
  /** the five January alerts, by name */
  ids: { jan10early: string; jan09late: string; jan10late: string; jan11: string; alarm: string };
  /** 25 idling alerts in February (paging), newest first */
  february: string[];
  other: TestOrg & { alertId: string };
}

interface Insert {
  vehicle: string;
  type: AlertType;
  at: string;
  policy?: string | null;
  policyName: string;
  details?: Record<string, unknown>;
  place?: string | null;
  /** recipients: user id → read */
  notify?: Record<string, boolean>;
}

export async function insertAlert(ctx: AppContext, orgId: string, a: Insert): Promise<string> {
  const { id } = await ctx.db
    .insertInto("alerts")
    .values({
      org_id: orgId,
      policy_id: a.policy ?? null,
      policy_name: a.policyName,
      alert_type: a.type,
      vehicle_id: a.vehicle,
      occurred_at: a.at,
      place_name: a.place ?? null,
      lat: 41.33,
      lon: 19.82,
      speed_kmh: (a.details?.speed as number | undefined) ?? null,
      details: JSON.stringify(a.details ?? {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const rows = Object.entries(a.notify ?? {}).map(([user_id, read]) => ({
    org_id: orgId,
    alert_id: id,
    user_id,
    read_at: read ? new Date() : null,
  }));
  if (rows.length) await ctx.db.insertInto("alert_notifications").values(rows).execute();
  return id;
}

const policy = (ctx: AppContext, orgId: string, name: string, type: AlertType) =>
  ctx.db
    .insertInto("alert_policies")
    .values({ org_id: orgId, name, alert_type: type })
    .returning("id")
    .executeTakeFirstOrThrow()
    .then((r) => r.id);

/**
 * Two demo organisations (Europe/Tirane, UTC+1 in winter). Organisation A's January alerts sit on the local day
 * boundaries of 2025-01-10: 00:30 and 23:59 inside it, 23:59 the day before and 00:00 the day after outside it.
 */
export async function createLogFixture(ctx: AppContext): Promise<LogFixture> {
  const [org, other] = await Promise.all([createTestOrg(ctx, { demo: true }), createTestOrg(ctx, { demo: true })]);
  const byRole = (key: string) =>
    ctx.db
      .selectFrom("users")
      .innerJoin("roles", "roles.id", "users.role_id")
      .select(["users.id", "users.email", "users.team_id"])
      .where("users.org_id", "=", org.orgId)
      .where("roles.key", "=", key)
      .where("users.email", "is not", null)
      .executeTakeFirstOrThrow();
  const viewer = await byRole("viewer");
  const driver = await byRole("driver");
  const vehicles = await ctx.db
    .selectFrom("vehicles")
    .select(["id", "registration", "team_id"])
    .where("org_id", "=", org.orgId)
    .orderBy("registration")
    .execute();
  const mine = vehicles.filter((x) => x.team_id === viewer.team_id);
  const notMine = vehicles.filter((x) => x.team_id !== viewer.team_id);
  const v = { a1: mine[0], a2: mine[1], b: notMine[0] };
  const policies = {
    speeding: await policy(ctx, org.orgId, "Speed 90", "speeding"),
    ignition: await policy(ctx, org.orgId, "Ignition watch", "ignition_on"),
  };
  const admin = org.adminId;
  const add = (a: Insert) => insertAlert(ctx, org.orgId, a);
  const ids = {
    jan10early: await add({
      vehicle: v.a1.id,
      type: "speeding",
      at: "2025-01-09T23:30:00Z",
      policy: policies.speeding,
      policyName: "Speed 90",
      details: { speed: 97.4, limit: 90 },
      notify: { [admin]: false, [viewer.id]: false },
    }),
    jan09late: await add({
      vehicle: v.a1.id,
      type: "speeding",
      at: "2025-01-09T22:59:00Z",
      policy: policies.speeding,
      policyName: "Speed 90",
      details: { speed: 120, limit: 90 },
      notify: { [admin]: true },
    }),
    jan10late: await add({
      vehicle: v.a2.id,
      type: "ignition_on",
      at: "2025-01-10T22:59:00Z",
      policy: policies.ignition,
      policyName: "Ignition watch",
      notify: { [admin]: false },
    }),
    jan11: await add({
      vehicle: v.b.id,
      type: "ignition_on",
      at: "2025-01-10T23:00:00Z",
      policy: policies.ignition,
      policyName: "Ignition watch",
      notify: { [admin]: false },
    }),
    alarm: await add({
      vehicle: v.b.id,
      type: "device_alarm",
      at: "2025-01-10T12:00:00Z",
      policy: null,
      policyName: "Removed policy",
      details: { alarm: "sos" },
    }),
  };
  const february: string[] = [];
  for (let i = 0; i < 25; i++) {
    const at = new Date(Date.UTC(2025, 1, 1 + i, 9, 0)).toISOString();
    february.unshift(
      await add({
        vehicle: v.a2.id,
        type: "idling",
        at,
        policy: null,
        policyName: "Idle check",
        details: { minutes: 10 + i },
        notify: { [admin]: false },
      }),
    );
  }
  const otherVehicle = await ctx.db
    .selectFrom("vehicles")
    .select("id")
    .where("org_id", "=", other.orgId)
    .executeTakeFirstOrThrow();
  const otherAlert = await insertAlert(ctx, other.orgId, {
    vehicle: otherVehicle.id,
    type: "speeding",
    at: "2025-01-10T12:00:00Z",
    policyName: "OTHERORG policy",
    details: { speed: 150, limit: 90 },
    notify: { [other.adminId]: false },
  });
  return {
    ...org,
    viewerId: viewer.id,
    viewerEmail: viewer.email as string,
    viewerPassword: DEMO_PASSWORD,
    driverEmail: driver.email as string,
    v,
    policies,
    ids,
    february,
    other: { ...other, alertId: otherAlert },
  };
}

/** The alert ids listed on a log page, in order. */
export const listedIds = (html: string) => [...html.matchAll(/data-alert-id="([0-9a-f-]{36})"/g)].map((m) => m[1]);

/** The bell's unread count as the layout rendered it (NaN without a bell). */
export function bellCount(html: string): number {
  const tag = /<a[^>]*data-testid="alert-bell"[^>]*>/.exec(html)?.[0];
  return Number(tag ? /data-count="(\d+)"/.exec(tag)?.[1] : NaN);
}
