import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateArchive } from "../../server/modules/analytics/archive/archive.service";
import { archiveRepo } from "../../server/modules/analytics/archive/archive.repo";
import { REPORT_TYPES } from "../../server/report-catalogue";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { buildExists, startTestServer, type TestServer } from "../support/server";

/** Archived reports through /api (the same services as /analytics/archive) and the analytics part of /api/openapi.json. */
let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let token = "";
let otherToken = "";
let vehicle: { id: string };
const DAY = "2026-11-17";

const call = (t: string, path: string, init: RequestInit = {}) =>
  fetch(srv.url + path, {
    ...init,
    headers: { authorization: `Bearer ${t}`, "content-type": "application/json", ...(init.headers ?? {}) },
  });

beforeAll(async () => {
  if (!buildExists()) return;
  srv = await startTestServer();
  [org, other] = await Promise.all([createTestOrg(srv.ctx, { demo: true }), createTestOrg(srv.ctx, { demo: true })]);
  token = (await principalFor(srv.ctx, org.adminId)).token;
  otherToken = (await principalFor(srv.ctx, other.adminId)).token;
  vehicle = await srv.ctx.db
    .selectFrom("vehicles")
    .select("id")
    .where("org_id", "=", org.orgId)
    .orderBy("registration")
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO vehicle_segments (org_id, vehicle_id, kind, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance_m, max_speed_kmh)
    VALUES (${org.orgId}, ${vehicle.id}, 'trip', '2026-11-17T07:00:00Z', '2026-11-17T08:00:00Z', 41.3, 19.8, 41.4, 19.9, 25000, 70)`.execute(
    srv.ctx.db,
  );
});
afterAll(async () => srv?.close());

describe.skipIf(!buildExists())("/api/analytics/archive", () => {
  it("runs a report in the background, lists it RUNNING, then COMPLETED with its files", async () => {
    const res = await call(token, "/api/analytics/reports/trips/archive", {
      method: "POST",
      body: JSON.stringify({ from: DAY, to: DAY, vehicle_ids: [vehicle.id] }),
    });
    expect(res.status).toBe(202);
    const { id } = await res.json();
    let list = await (await call(token, "/api/analytics/archive")).json();
    expect(list.items[0]).toMatchObject({
      id,
      type: "trips",
      from: DAY,
      to: DAY,
      status: "RUNNING",
      progress: 0,
      files: [],
    });
    expect(list.items[0]).not.toHaveProperty("org_id");
    expect(await generateArchive(srv.ctx, id)).toBe("COMPLETED");
    list = await (await call(token, "/api/analytics/archive")).json();
    expect(list.items[0]).toMatchObject({ id, status: "COMPLETED", progress: 100, rowCount: 1 });
    expect(list.items[0].files).toContain(`/api/analytics/archive/${id}/files/xlsx`);
    const csv = await call(token, `/api/analytics/archive/${id}/files/csv?lng=en`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="trips-${DAY}-${DAY}.csv"`);
    expect(await csv.text()).toContain("25.0");
    expect((await call(token, `/api/analytics/archive/${id}/files/docx`)).status).toBe(404);
    // a completed report is not retried
    expect((await call(token, `/api/analytics/archive/${id}/retry`, { method: "POST" })).status).toBe(409);
    // another organisation neither lists nor downloads nor retries it
    expect(JSON.stringify(await (await call(otherToken, "/api/analytics/archive")).json())).not.toContain(id);
    expect((await call(otherToken, `/api/analytics/archive/${id}/files/pdf`)).status).toBe(404);
    expect((await call(otherToken, `/api/analytics/archive/${id}/retry`, { method: "POST" })).status).toBe(404);
  });

  it("refuses what the screen refuses: the detailed report without a vehicle, or with one the user may not see", async () => {
    const missing = await call(token, "/api/analytics/reports/vehicle_details/archive", {
      method: "POST",
      body: JSON.stringify({ from: DAY, to: DAY }),
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "VEHICLE_REQUIRED" });
    const foreign = await call(otherToken, "/api/analytics/reports/vehicle_details/archive", {
      method: "POST",
      body: JSON.stringify({ from: DAY, to: DAY, vehicle_ids: [vehicle.id] }),
    });
    expect(foreign.status).toBe(404);
    const order = await call(token, "/api/analytics/reports/trips/archive", {
      method: "POST",
      body: JSON.stringify({ from: DAY, to: "2026-11-01" }),
    });
    expect(order.status).toBe(400);
  });

  it("retries a FAILED report", async () => {
    const id = (await archiveRepo.insert(srv.ctx.db, {
      orgId: org.orgId,
      requestedBy: org.adminId,
      scheduleId: null,
      type: "trips",
      params: { from: DAY, to: DAY },
      from: DAY,
      to: DAY,
      runKey: null,
    }))!;
    await archiveRepo.finish(srv.ctx.db, id, "FAILED", { error: "INTERNAL" });
    const list = await (await call(token, "/api/analytics/archive")).json();
    expect(list.items.find((a: { id: string }) => a.id === id)).toMatchObject({ status: "FAILED", error: "INTERNAL" });
    expect((await call(token, `/api/analytics/archive/${id}/retry`, { method: "POST" })).status).toBe(204);
    expect((await archiveRepo.find(srv.ctx.db, id))!.status).toBe("RUNNING");
  });

  it("describes the analytics API in /api/openapi.json", async () => {
    const doc = await (await fetch(`${srv.url}/api/openapi.json`)).json();
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain("analytics");
    for (const path of [
      "/api/analytics/reports",
      "/api/analytics/reports/{type}",
      "/api/analytics/reports/{type}/export",
      "/api/analytics/reports/{type}/archive",
      "/api/analytics/archive",
      "/api/analytics/archive/{id}/files/{format}",
      "/api/analytics/archive/{id}/retry",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths["/api/analytics/reports/{type}"].get.parameters[0].schema.enum).toEqual(REPORT_TYPES);
    expect(doc.components.schemas.ArchivedReport.properties.status.enum).toEqual(["RUNNING", "COMPLETED", "FAILED"]);
  });
});
