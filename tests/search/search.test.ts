import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { searchEverything } from "../../server/modules/search/search.service";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createDriver, createPlace, createTeam, createUser, createVehicle, createTmsOrder } from "../support/factories";
import { signedInClient, startTestServer, type TestServer } from "../support/server";
import { insertJob } from "../route-planning/helpers";
import { bookAt, poolVehicle, purpose } from "../car-sharing/helpers";

let srv: TestServer;
let org: TestOrg;
let other: TestOrg;
let admin: Principal & { token: string };
let outsider: Principal & { token: string };
const mark = `Q${Date.now().toString(36).slice(-5).toUpperCase()}`;
const ids: Record<string, string> = {};

const kinds = (r: Awaited<ReturnType<typeof searchEverything>>) => r.groups.map((g) => g.kind);
const hitIds = (r: Awaited<ReturnType<typeof searchEverything>>, kind: string) =>
  r.groups.find((g) => g.kind === kind)?.hits.map((h) => h.id) ?? [];

beforeAll(async () => {
  srv = await startTestServer();
  [org, other] = await Promise.all([createTestOrg(srv.ctx), createTestOrg(srv.ctx)]);
  admin = await principalFor(srv.ctx, org.adminId);
  outsider = await principalFor(srv.ctx, other.adminId);
  const north = await createTeam(srv.ctx, { org, name: "North" });
  const south = await createTeam(srv.ctx, { org, name: "South" });
  ids.vNorth = (await createVehicle(srv.ctx, { org, team: north.id, registration: `AA ${mark} 1` })).id;
  ids.vSouth = (await createVehicle(srv.ctx, { org, team: south.id, registration: `AB ${mark} 2` })).id;
  ids.driver = (await createDriver(srv.ctx, { org, team: north.id, lastName: `Driver${mark}` })).id;
  ids.user = (await createUser(srv.ctx, { org, role: "dispatcher", lastName: `Dispatcher${mark}` })).id;
  ids.poi = (await createPlace(srv.ctx, { org, name: `Depot ${mark}` })).id;
  ids.geofence = (await createPlace(srv.ctx, { org, kind: "geofence", name: `Zone ${mark}` })).id;
  ids.order = (await createTmsOrder(srv.ctx, admin, { order_id: `ORD-${mark}-7`, customer_name: "Bar Tirana" })).id;
  ids.job = (await insertJob(srv.ctx, org.orgId, { name: `Delivery ${mark}` })).id;
  // the second organisation has the very same words: none of it may show
  await createVehicle(srv.ctx, { org: other, registration: `AA ${mark} 9` });
  await createPlace(srv.ctx, { org: other, name: `Depot ${mark} other` });
});
afterAll(async () => srv?.close());

describe("searchEverything", () => {
  it("finds each kind by part of its name or number, grouped in a fixed order", async () => {
    const r = await searchEverything(srv.ctx, admin, mark.toLowerCase());
    expect(kinds(r)).toEqual(["vehicles", "drivers", "users", "pois", "geofences", "orders", "jobs"]);
    expect(hitIds(r, "vehicles").sort()).toEqual([ids.vNorth, ids.vSouth].sort());
    expect(hitIds(r, "drivers")).toEqual([ids.driver]);
    expect(hitIds(r, "pois")).toEqual([ids.poi]);
    expect(hitIds(r, "geofences")).toEqual([ids.geofence]);
    expect(hitIds(r, "orders")).toEqual([ids.order]);
    expect(hitIds(r, "jobs")).toEqual([ids.job]);
    const vehicle = r.groups[0].hits.find((h) => h.id === ids.vNorth);
    expect(vehicle).toMatchObject({ title: `AA ${mark} 1`, href: `/configuration/vehicles/details/${ids.vNorth}` });
  });

  it("finds an order by its id and a vehicle by part of its registration", async () => {
    expect(hitIds(await searchEverything(srv.ctx, admin, `ORD-${mark}`), "orders")).toEqual([ids.order]);
    expect(hitIds(await searchEverything(srv.ctx, admin, `${mark} 2`), "vehicles")).toEqual([ids.vSouth]);
  });

  it("stays inside the user's organisation", async () => {
    const mine = await searchEverything(srv.ctx, admin, mark);
    const all = mine.groups.flatMap((g) => g.hits.map((h) => h.title));
    expect(all).not.toContain(`AA ${mark} 9`);
    expect(all).not.toContain(`Depot ${mark} other`);
    const theirs = await searchEverything(srv.ctx, outsider, mark);
    expect(hitIds(theirs, "vehicles")).toHaveLength(1);
    expect(theirs.groups.flatMap((g) => g.hits.map((h) => h.id))).not.toContain(ids.vNorth);
  });

  it("applies the user's team and vehicle limits, as the lists do", async () => {
    const teams = await srv.ctx.db.selectFrom("teams").select(["id", "name"]).where("org_id", "=", org.orgId).execute();
    const north = teams.find((t) => t.name === "North")!.id;
    const teamBound: Principal = { ...admin, teamIds: [north] };
    expect(hitIds(await searchEverything(srv.ctx, teamBound, mark), "vehicles")).toEqual([ids.vNorth]);
    const vehicleBound: Principal = { ...admin, vehicleIds: [ids.vSouth] };
    expect(hitIds(await searchEverything(srv.ctx, vehicleBound, mark), "vehicles")).toEqual([ids.vSouth]);
  });

  it("leaves out the kinds the user's role may not read", async () => {
    const viewer = await principalFor(srv.ctx, (await createUser(srv.ctx, { org, role: "viewer" })).id);
    const allowed = new Set(
      (
        [
          ["vehicles", "vehicles:read"],
          ["drivers", "drivers:read"],
          ["users", "users:read"],
          ["pois", "places:read"],
          ["geofences", "places:read"],
          ["orders", "tms:read"],
          ["jobs", "routePlanning:read"],
        ] as const
      )
        .filter(([, perm]) => viewer.permissions.has(perm))
        .map(([kind]) => kind),
    );
    const r = await searchEverything(srv.ctx, viewer, mark);
    expect(kinds(r).every((k) => allowed.has(k as never))).toBe(true);
    const noPermissions: Principal = { ...admin, permissions: new Set() };
    expect((await searchEverything(srv.ctx, noPermissions, mark)).groups).toEqual([]);
  });

  it("finds nothing for fewer than two characters, and says how many there are beyond the first five", async () => {
    expect((await searchEverything(srv.ctx, admin, "A")).groups).toEqual([]);
    const many = `M${mark}`;
    for (let i = 0; i < 7; i++) await createPlace(srv.ctx, { org, name: `${many} ${i}` });
    const g = (await searchEverything(srv.ctx, admin, many)).groups.find((x) => x.kind === "pois")!;
    expect(g.total).toBe(7);
    expect(g.hits).toHaveLength(5);
    expect(g.moreHref).toBe(`/places/points?q=${encodeURIComponent(many)}`);
  });
});

describe("bookings", () => {
  it("say when each booking starts, in the organisation's time zone", async () => {
    const v = await poolVehicle(srv.ctx, org);
    const purposeId = (await purpose(srv.ctx, org)).id;
    // 10:00 in Tirana is 18:00 in Tokyo
    await bookAt(srv.ctx, purposeId, admin, { vehicle_id: v.id, destination: `Trip ${mark}` });
    const hit = async () =>
      (await searchEverything(srv.ctx, admin, `Trip ${mark}`)).groups.find((g) => g.kind === "bookings");
    expect((await hit())?.hits[0].detail).toBe(`Trip ${mark} · 2030-03-05 10:00`);
    await srv.ctx.db
      .updateTable("organization_settings")
      .set({ timezone: "Asia/Tokyo" })
      .where("org_id", "=", org.orgId)
      .execute();
    expect((await hit())?.hits[0].detail).toBe(`Trip ${mark} · 2030-03-05 18:00`);
    expect((await hit())?.moreHref).toBe(`/car-sharing/history?q=${encodeURIComponent(`Trip ${mark}`)}`);
  });
});

describe("GET /api/search and /search", () => {
  it("answers the same groups over the API, and 401 without a session", async () => {
    const res = await fetch(`${srv.url}/api/search?q=${encodeURIComponent(mark)}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { q: string; groups: { kind: string }[] };
    expect(body.q).toBe(mark);
    expect(body.groups.map((g) => g.kind)).toContain("orders");
    expect((await fetch(`${srv.url}/api/search?q=${mark}`)).status).toBe(401);
  });

  it("renders the results page without JavaScript, in both languages, from the header's form", async () => {
    const client = await signedInClient(srv, org.adminEmail, org.adminPassword);
    const home = await (await client.get("/configuration/list?lng=en")).text();
    expect(home).toMatch(/<form[^>]*action="\/search"[^>]*role="search"|<form[^>]*role="search"[^>]*action="\/search"/);
    const en = await (await client.get(`/search?q=${encodeURIComponent(mark)}&lng=en`)).text();
    expect(en).toContain(`Results for “${mark}”`);
    expect(en).toContain(`href="/tms/orders/${ids.order}"`);
    expect(en).toContain("Transport orders");
    const al = await (await client.get(`/search?q=${encodeURIComponent(mark)}&lng=al`)).text();
    expect(al).toContain(`Rezultatet për “${mark}”`);
    expect(al).toContain("Porositë e transportit");
    const none = await (await client.get(`/search?q=nothing-${mark}-here&lng=en`)).text();
    expect(none).toContain('data-testid="search-none"');
  });
});
