import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTenantStatus } from "../../server/modules/tenants/tenants.service";
import { sendOsmAnd } from "../../server/telematics/simulator/osmand-client";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";

/** Decision (docs/administration.md): a suspended organisation's devices are still accepted and their data stored. */

let srv: TestServer;
let operator: TestOrg;
let tenant: TestOrg;
const DEVICE = `77${Date.now().toString().slice(-8)}`;

beforeAll(async () => {
  srv = await startTestServer({ telematics: true });
  [operator, tenant] = await Promise.all([createTestOrg(srv.ctx, { operator: true }), createTestOrg(srv.ctx)]);
  await createVehicle(srv.ctx, {
    org: tenant,
    registration: "SUSP 1",
    category: "Car",
    device: { protocol: "osmand", imei: DEVICE },
  });
});
afterAll(async () => srv?.close());

describe("devices of a suspended organisation", () => {
  it("are acknowledged and their positions stored, so reactivation leaves no gap", async () => {
    const op = await principalFor(srv.ctx, operator.adminId);
    await setTenantStatus(srv.ctx, op, tenant.orgId, "suspended");
    const url = `http://127.0.0.1:${srv.telematics!.ports.osmand}/`;
    const fixTime = new Date(Date.now() - 60_000);
    const res = await sendOsmAnd(url, {
      deviceId: DEVICE,
      fixTime,
      latitude: 41.3275,
      longitude: 19.8187,
      speed: 20,
      course: 0,
      altitude: 100,
    });
    expect(res.status).toBe(200);
    const stored = await srv.ctx.db
      .selectFrom("positions")
      .select(["org_id", "fix_time"])
      .where("device_id", "=", DEVICE)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].org_id).toBe(tenant.orgId);
    const unknown = await srv.ctx.db
      .selectFrom("unknown_devices")
      .select("identifier")
      .where("identifier", "=", DEVICE)
      .execute();
    expect(unknown).toEqual([]);
  });
});
