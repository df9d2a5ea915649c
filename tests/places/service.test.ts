import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { placesRepo } from "../../server/modules/places";
import * as places from "../../server/modules/places/places.service";
import { createTestContext, createTestOrg, principalFor, type TestContext } from "../support/context";
import { outcome } from "../support/outcome";

let ctx: TestContext;
let admin: Principal;
let viewer: Principal;
let other: Principal;

const poi = (over: Record<string, unknown> = {}) =>
  ({
    name: "Depot",
    category: "Depot",
    city: "Tiranë",
    latitude: 41.33,
    longitude: 19.82,
    icon: "warehouse",
    icon_color: "#ff0000",
    ...over,
  }) as never;

beforeAll(async () => {
  ctx = createTestContext();
  const [a, b] = await Promise.all([createTestOrg(ctx, { demo: true }), createTestOrg(ctx)]);
  admin = await principalFor(ctx, a.adminId);
  other = await principalFor(ctx, b.adminId);
  const viewerRow = await ctx.db
    .selectFrom("users")
    .select("users.id")
    .innerJoin("roles", "roles.id", "users.role_id")
    .where("users.org_id", "=", a.orgId)
    .where("roles.key", "=", "viewer")
    .executeTakeFirstOrThrow();
  viewer = await principalFor(ctx, viewerRow.id);
});
afterAll(async () => ctx?.close());

/** The stored row with its bounding box (an index detail the DTO leaves out). */
const stored = async (kind: "poi" | "geofence", id: string) =>
  (await placesRepo.findById(ctx.db, admin.orgId, kind, id))!;

describe("points of interest", () => {
  it("creates a POI with its point as bounding box and defaults for icon and colour", async () => {
    const created = await places.createPoi(ctx, admin, poi({ icon: "", icon_color: "" }));
    expect(await stored("poi", created.id)).toMatchObject({
      kind: "poi",
      shape: "point",
      icon: "pin",
      icon_color: "#2563eb",
      min_lat: 41.33,
      max_lat: 41.33,
      min_lon: 19.82,
      max_lon: 19.82,
    });
  });

  it("checks the coordinate ranges and required fields", async () => {
    expect(await outcome(places.createPoi(ctx, admin, poi({ latitude: 90.0001 })))).toBe("latitude:errors.range");
    expect(await outcome(places.createPoi(ctx, admin, poi({ longitude: -180.5 })))).toBe("longitude:errors.range");
    expect(await outcome(places.createPoi(ctx, admin, poi({ latitude: 90, longitude: -180 })))).toBe("OK");
    expect(await outcome(places.createPoi(ctx, admin, poi({ name: " ", category: "" })))).toBe(
      "name:errors.required,category:errors.required",
    );
    expect(await outcome(places.createPoi(ctx, admin, poi({ latitude: "" })))).toBe("latitude:errors.required");
    expect(await outcome(places.createPoi(ctx, admin, poi({ icon_color: "red" })))).toBe("icon_color:errors.color");
  });

  it("updates, lists with search, category filter and sort, and deletes", async () => {
    const p = await places.createPoi(ctx, admin, poi({ name: "Zz Fuel Elbasan", category: "FuelSvc" }));
    await places.createPoi(ctx, admin, poi({ name: "Aa Fuel Fier", category: "FuelSvc", city: "Fier" }));
    await places.updatePoi(ctx, admin, p.id, poi({ name: "Zz Fuel Elbasan", category: "FuelSvc", city: "Elbasan" }));
    expect((await places.getPoi(ctx, admin, p.id)).city).toBe("Elbasan");
    const byCategory = await places.listPlaces(
      ctx,
      admin,
      "poi",
      { q: "", page: 1, size: 20, sort: "name", dir: "desc" },
      { category: "fuelsvc" },
    );
    expect(byCategory.items.map((i) => i.name)).toEqual(["Zz Fuel Elbasan", "Aa Fuel Fier"]);
    const search = await places.listPlaces(ctx, admin, "poi", { q: "fier", page: 1, size: 20, dir: "asc" });
    expect(search.items.map((i) => i.name)).toEqual(["Aa Fuel Fier"]);
    await places.deletePlace(ctx, admin, "poi", p.id);
    expect(await outcome(places.getPoi(ctx, admin, p.id))).toBe("NOT_FOUND");
  });

  it("needs places:write to change and places:read to see", async () => {
    expect(await outcome(places.createPoi(ctx, viewer, poi()))).toBe("FORBIDDEN");
    expect(await outcome(places.listPlaces(ctx, viewer, "poi", { q: "", page: 1, size: 20, dir: "asc" }))).toBe("OK");
    const driverLike = { ...viewer, permissions: new Set<string>(["manage:read"]) } as Principal;
    expect(await outcome(places.listPlaces(ctx, driverLike, "poi", { q: "", page: 1, size: 20, dir: "asc" }))).toBe(
      "FORBIDDEN",
    );
  });
});

describe("geofences", () => {
  it("creates a circle with a bounding box around it", async () => {
    const g = await places.createGeofence(ctx, admin, {
      name: "Port",
      category: "Zone",
      shape: "circle",
      latitude: "41.31",
      longitude: "19.45",
      radius_m: "1000",
    });
    expect(g).toMatchObject({ shape: "circle", radius_m: 1000, polygon: null });
    const row = await stored("geofence", g.id);
    expect(row.max_lat - row.min_lat).toBeCloseTo(2000 / 111_195, 4);
    expect(row.min_lon).toBeLessThan(19.45);
  });

  it("checks the radius range 10..100000 m", async () => {
    const circle = (radius_m: unknown) =>
      places.createGeofence(ctx, admin, {
        name: "C",
        category: "Zone",
        shape: "circle",
        latitude: 41,
        longitude: 19,
        radius_m,
      });
    expect(await outcome(circle(9.99))).toBe("radius_m:errors.range");
    expect(await outcome(circle(100_001))).toBe("radius_m:errors.range");
    expect(await outcome(circle(""))).toBe("radius_m:errors.required");
    expect(await outcome(circle(10))).toBe("OK");
    expect(await outcome(circle(100_000))).toBe("OK");
  });

  it("stores a polygon open, with its vertex average as label point, and refuses bad polygons", async () => {
    const g = await places.createGeofence(ctx, admin, {
      name: "Square",
      category: "Zone",
      shape: "polygon",
      polygon: "41.3, 19.8\n41.3, 19.9\n41.4, 19.9\n41.4, 19.8\n41.3, 19.8",
    });
    expect(g.polygon).toEqual([
      [19.8, 41.3],
      [19.9, 41.3],
      [19.9, 41.4],
      [19.8, 41.4],
    ]);
    expect(g.latitude).toBeCloseTo(41.35, 6);
    const row = await stored("geofence", g.id);
    expect([row.min_lat, row.max_lat, row.min_lon, row.max_lon]).toEqual([41.3, 41.4, 19.8, 19.9]);
    const polygon = (text: unknown) =>
      places.createGeofence(ctx, admin, { name: "P", category: "Zone", shape: "polygon", polygon: text });
    expect(await outcome(polygon("41.3, 19.8\n41.3, 19.9\n41.3, 19.8"))).toBe("polygon:errors.polygonVertices");
    expect(await outcome(polygon("41.3, 19.8\n41.4, 19.9\n41.3, 19.9\n41.35, 19.8"))).toBe(
      "polygon:errors.polygonSelfIntersects",
    );
    expect(await outcome(polygon("41.3, 19.8\nnorth"))).toBe("polygon:errors.polygonFormat");
    expect(await outcome(polygon(""))).toBe("polygon:errors.required");
    expect(
      await outcome(
        polygon([
          [19.8, 41.3],
          [19.9, 41.3],
          [19.9, 41.4],
        ]),
      ),
    ).toBe("OK");
  });

  it("a POI id is not a geofence and vice versa", async () => {
    const p = await places.createPoi(ctx, admin, poi());
    expect(await outcome(places.getGeofence(ctx, admin, p.id))).toBe("NOT_FOUND");
    expect(await outcome(places.deletePlace(ctx, admin, "geofence", p.id))).toBe("NOT_FOUND");
    expect((await places.getPoi(ctx, admin, p.id)).id).toBe(p.id);
  });
});

describe("organisations", () => {
  it("another organisation's POI and geofence ids give NOT_FOUND and stay unchanged", async () => {
    const p = await places.createPoi(ctx, other, poi({ name: "Secret" }));
    const g = await places.createGeofence(ctx, other, {
      name: "Secret zone",
      category: "Zone",
      shape: "circle",
      latitude: 41,
      longitude: 19,
      radius_m: 100,
    });
    expect(await outcome(places.getPoi(ctx, admin, p.id))).toBe("NOT_FOUND");
    expect(await outcome(places.updatePoi(ctx, admin, p.id, poi({ name: "Stolen" })))).toBe("NOT_FOUND");
    expect(await outcome(places.deletePlace(ctx, admin, "poi", p.id))).toBe("NOT_FOUND");
    expect(await outcome(places.getGeofence(ctx, admin, g.id))).toBe("NOT_FOUND");
    expect(
      await outcome(
        places.updateGeofence(ctx, admin, g.id, {
          name: "Stolen",
          category: "Zone",
          shape: "circle",
          latitude: 1,
          longitude: 1,
          radius_m: 100,
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(await outcome(places.deletePlace(ctx, admin, "geofence", g.id))).toBe("NOT_FOUND");
    // The id is looked up before the fields: an empty body for another organisation's place is NOT_FOUND, not VALIDATION.
    expect(await outcome(places.updatePoi(ctx, admin, p.id, {}))).toBe("NOT_FOUND");
    expect(await outcome(places.updateGeofence(ctx, admin, g.id, { shape: "polygon" }))).toBe("NOT_FOUND");
    expect((await places.getPoi(ctx, other, p.id)).name).toBe("Secret");
    expect((await places.getGeofence(ctx, other, g.id)).name).toBe("Secret zone");
    const all = await places.allPlaces(ctx, admin);
    expect(all.some((x) => x.name.startsWith("Secret"))).toBe(false);
  });
});
