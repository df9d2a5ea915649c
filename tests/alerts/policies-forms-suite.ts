import { afterAll, beforeAll } from "vitest";
import { createPolicy } from "../../server/modules/alerts/alerts.service";
import { policyInputSchema } from "../../server/modules/alerts/alerts.schema";
import { createGeofence } from "../../server/modules/places/places.service";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";

export const ALL_DAYS = ["0", "1", "2", "3", "4", "5", "6"];

export interface PoliciesFormSuite {
  srv: TestServer;
  org: TestOrg;
  admin: FormClient;
  vehicles: Array<{ id: string; registration: string }>;
  geofenceId: string;
  /** a policy of another organisation */
  otherPolicyId: string;
  byName(name: string): ReturnType<typeof policyByName>;
  links(
    table: "alert_policy_vehicles" | "alert_policy_geofences" | "alert_policy_recipients",
    policyId: string,
  ): Promise<number>;
  /** A valid speeding policy as the form posts it; tests override fields. */
  speeding(over?: Record<string, string | string[]>): Record<string, string | string[]>;
}

const policyByName = (srv: TestServer, orgId: string, name: string) =>
  srv.ctx.db
    .selectFrom("alert_policies")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("name", "=", name)
    .executeTakeFirst();

/**
 * The alert policy form tests' set-up: a test server, a demo organisation with its administrator signed in, a
 * geofence, and another organisation with a policy of its own. Call it at the top of the file; the fields are set
 * once `beforeAll` has run.
 */
export function policiesFormSuite(): PoliciesFormSuite {
  const s = {} as PoliciesFormSuite;
  s.byName = (name) => policyByName(s.srv, s.org.orgId, name);
  s.links = async (table, policyId) =>
    (await s.srv.ctx.db.selectFrom(table).selectAll().where("policy_id", "=", policyId).execute()).length;
  s.speeding = (over = {}) => ({
    name: "Highway speeding",
    alert_type: "speeding",
    active: "true",
    vehicle_ids: [s.vehicles[0].id, s.vehicles[1].id],
    speed_limit_kmh: "90",
    duration_min: "",
    time_from: "",
    time_to: "",
    days: ALL_DAYS,
    daily_limit: "5",
    driver_limit: "",
    notify_in_app: "on",
    recipient_ids: [s.org.adminId],
    emails: "",
    ...over,
  });

  beforeAll(async () => {
    s.srv = await startTestServer();
    const { srv } = s;
    let other: TestOrg;
    [s.org, other] = await Promise.all([createTestOrg(srv.ctx, { demo: true }), createTestOrg(srv.ctx)]);
    s.admin = new FormClient(srv.url);
    await s.admin.login(s.org.adminEmail, s.org.adminPassword);
    s.vehicles = await srv.ctx.db
      .selectFrom("vehicles")
      .select(["id", "registration"])
      .where("org_id", "=", s.org.orgId)
      .orderBy("registration")
      .limit(3)
      .execute();
    const pa = await principalFor(srv.ctx, s.org.adminId);
    s.geofenceId = (
      await createGeofence(srv.ctx, pa, {
        name: "Rinas airport",
        category: "Zone",
        shape: "circle",
        latitude: 41.41,
        longitude: 19.72,
        radius_m: 800,
      })
    ).id;
    const pb = await principalFor(srv.ctx, other.adminId);
    s.otherPolicyId = (
      await createPolicy(
        srv.ctx,
        pb,
        policyInputSchema.parse({
          name: "OTHERORG policy",
          alert_type: "ignition_on",
          all_vehicles: "on",
          days: ALL_DAYS,
          notify_in_app: "on",
          recipient_ids: [other.adminId],
        }) as never,
      )
    ).id;
  });
  afterAll(async () => s.srv?.close());
  return s;
}
