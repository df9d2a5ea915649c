import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestOrg, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";
import { apiToken } from "../support/api-auth";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let token: string;
let vehicleId: string;
let otherVehicleId: string;
let otherUserId: string;

const call = (method: string, path: string, body?: unknown, t = token) =>
  fetch(`${srv.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${t}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  srv = await startTestServer();
  [org, other] = await Promise.all([createTestOrg(srv.ctx, { demo: true }), createTestOrg(srv.ctx, { demo: true })]);
  token = await apiToken(srv, org.adminEmail, org.adminPassword, { webLogin: true });
  vehicleId = (
    await srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.orgId)
      .orderBy("registration")
      .executeTakeFirstOrThrow()
  ).id;
  otherVehicleId = (
    await srv.ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", other.orgId)
      .orderBy("registration")
      .executeTakeFirstOrThrow()
  ).id;
  otherUserId = other.adminId;
});
afterAll(async () => srv?.close());

describe("/api/dashboard", () => {
  it("adds, reads, changes, orders and removes the user's tiles", async () => {
    const a = await call("POST", "/api/dashboard/tiles", {
      metric: "distance",
      chart_type: "bar",
      ranking: "bottom",
      ranking_size: 50,
      time_window: "previous_week",
      vehicle_ids: [vehicleId],
    });
    expect(a.status).toBe(201);
    const tileA = await a.json();
    expect(tileA).toMatchObject({
      metric: "distance",
      chart_type: "bar",
      ranking: "bottom",
      ranking_size: 50,
      position: 0,
    });
    const tileB = await (
      await call("POST", "/api/dashboard/tiles", { metric: "eco_score", chart_type: "number", time_window: "today" })
    ).json();
    expect(
      (await call("POST", "/api/dashboard/tiles", { metric: "happiness", chart_type: "number", time_window: "today" }))
        .status,
    ).toBe(400);
    // only the organisation's vehicles and teams the user sees
    const otherTeam = await srv.ctx.db
      .selectFrom("teams")
      .select("id")
      .where("org_id", "=", other.orgId)
      .executeTakeFirstOrThrow();
    for (const ref of [{ vehicle_ids: [otherVehicleId] }, { team_ids: [otherTeam.id] }]) {
      expect(
        (
          await call("POST", "/api/dashboard/tiles", {
            metric: "trips",
            chart_type: "number",
            time_window: "today",
            ...ref,
          })
        ).status,
        JSON.stringify(ref),
      ).toBe(400);
      expect(
        (
          await call("PUT", `/api/dashboard/tiles/${tileA.id}`, {
            metric: "trips",
            chart_type: "number",
            time_window: "today",
            ...ref,
          })
        ).status,
        JSON.stringify(ref),
      ).toBe(400);
    }

    const put = await call("PUT", `/api/dashboard/tiles/${tileA.id}`, {
      metric: "trips",
      chart_type: "line",
      time_window: "this_month",
    });
    expect(await put.json()).toMatchObject({
      id: tileA.id,
      metric: "trips",
      chart_type: "line",
      ranking: null,
      vehicle_ids: [],
    });

    expect((await call("PUT", "/api/dashboard/tiles/order", { ids: [tileB.id] })).status).toBe(400);
    expect((await call("PUT", "/api/dashboard/tiles/order", { ids: [tileB.id, tileA.id] })).status).toBe(204);
    const data = await (await call("GET", "/api/dashboard/tiles")).json();
    expect(data.map((d: { tile: { id: string } }) => d.tile.id)).toEqual([tileB.id, tileA.id]);
    expect(data[1]).toHaveProperty("series");

    // tiles are the user's own: another user of the same organisation does not see or change them
    const manager = await createUser(srv.ctx, { org, role: "fleet_manager" });
    const t2 = await apiToken(srv, manager.email!, manager.password, { webLogin: true });
    expect(await (await call("GET", "/api/dashboard/tiles", undefined, t2)).json()).toEqual([]);
    expect((await call("GET", `/api/dashboard/tiles/${tileA.id}`, undefined, t2)).status).toBe(404);
    expect((await call("DELETE", `/api/dashboard/tiles/${tileA.id}`, undefined, t2)).status).toBe(404);
    // a viewer arranges their own dashboard; a driver has none
    const viewer = await createUser(srv.ctx, { org, role: "viewer" });
    expect(
      (
        await call(
          "POST",
          "/api/dashboard/tiles",
          { metric: "trips", chart_type: "number", time_window: "today" },
          await apiToken(srv, viewer.email!, viewer.password, { webLogin: true }),
        )
      ).status,
    ).toBe(201);
    const driver = await createUser(srv.ctx, { org, role: "driver" });
    expect(
      (
        await call(
          "POST",
          "/api/dashboard/tiles",
          { metric: "trips", chart_type: "number", time_window: "today" },
          await apiToken(srv, driver.email!, driver.password, { webLogin: true }),
        )
      ).status,
    ).toBe(403);

    expect((await call("DELETE", `/api/dashboard/tiles/${tileB.id}`)).status).toBe(204);
    expect((await call("GET", `/api/dashboard/tiles/${tileB.id}`)).status).toBe(404);
  });

  it("benchmarks by team with the fleet average", async () => {
    const res = await call("GET", "/api/dashboard/benchmarks?by=team&window=previous_month");
    const body = await res.json();
    expect(body).toMatchObject({ by: "team" });
    expect(body.fleet).toHaveProperty("distance");
    expect((await call("GET", "/api/dashboard/benchmarks?window=next_year")).status).toBe(400);
  });
});

describe("/api/analytics/schedules", () => {
  const weekly = (over: Record<string, unknown> = {}) => ({
    name: "API weekly",
    report_type: "trips",
    hour: 7,
    time_range: "previous_week",
    interval: "weekly",
    weekday: 1,
    emails: ["Boss@Example.test"],
    ...over,
  });

  it("creates, lists, changes and deletes a schedule; at least one e-mail; the organisation's own references only", async () => {
    const bad = await call("POST", "/api/analytics/schedules", weekly({ emails: [] }));
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.error).toBe("VALIDATION");
    expect(body.fields?.emails ?? body.details?.fields?.emails).toEqual(["errors.EMAIL_RECIPIENT_REQUIRED"]);
    for (const ref of [{ vehicle_ids: [otherVehicleId] }, { user_ids: [otherUserId] }, { driver_ids: [otherUserId] }]) {
      expect(
        (await call("POST", "/api/analytics/schedules", weekly({ name: "XREF", ...ref }))).status,
        JSON.stringify(ref),
      ).toBe(400);
    }
    expect(await srv.ctx.db.selectFrom("report_schedules").select("id").where("name", "=", "XREF").execute()).toEqual(
      [],
    );

    const created = await call("POST", "/api/analytics/schedules", weekly({ vehicle_ids: [vehicleId] }));
    expect(created.status).toBe(201);
    const s = await created.json();
    expect(s).toMatchObject({
      name: "API weekly",
      emails: ["boss@example.test"],
      vehicle_ids: [vehicleId],
      weekday: 1,
      month_day: null,
    });
    expect((await (await call("GET", "/api/analytics/schedules")).json()).map((x: { id: string }) => x.id)).toContain(
      s.id,
    );
    const changed = await (
      await call("PUT", `/api/analytics/schedules/${s.id}`, weekly({ interval: "daily", hour: 6 }))
    ).json();
    expect(changed).toMatchObject({ interval: "daily", hour: 6, weekday: null });
    const otherToken = await apiToken(srv, other.adminEmail, other.adminPassword, { webLogin: true });
    expect((await call("GET", `/api/analytics/schedules/${s.id}`, undefined, otherToken)).status).toBe(404);
    expect((await call("DELETE", `/api/analytics/schedules/${s.id}`, undefined, otherToken)).status).toBe(404);
    expect((await call("DELETE", `/api/analytics/schedules/${s.id}`)).status).toBe(204);
    expect((await call("GET", `/api/analytics/schedules/${s.id}`)).status).toBe(404);
  });

  it("is described in /api/openapi.json", async () => {
    const doc = await (await fetch(`${srv.url}/api/openapi.json`)).json();
    for (const path of [
      "/api/dashboard/tiles",
      "/api/dashboard/tiles/{id}",
      "/api/dashboard/tiles/order",
      "/api/dashboard/benchmarks",
      "/api/analytics/schedules",
      "/api/analytics/schedules/{id}",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.components.schemas).toHaveProperty("DashboardTileInput");
  });
});
