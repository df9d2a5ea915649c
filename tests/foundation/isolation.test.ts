import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addVehicleImages, createVehicle } from "../../server/modules/vehicles/vehicles.service";
import { createPerson } from "../../server/modules/users/users.service";
import { createTeam } from "../../server/modules/teams/teams.service";
import { createGeofence, createPoi } from "../../server/modules/places/places.service";
import { createPolicy } from "../../server/modules/alerts/alerts.service";
import { createJobs } from "../../server/modules/route-planning/route-jobs.service";
import { addStop, createTemplate } from "../../server/modules/route-planning/templates.service";
import { addTile } from "../../server/modules/analytics/dashboard/dashboard.service";
import { createSchedule } from "../../server/modules/analytics/schedules/schedules.service";
import { policyInputSchema } from "../../server/modules/alerts/alerts.schema";
import { createBooking } from "../../server/modules/car-sharing/bookings.service";
import { addEntry, savePoolVehicles } from "../../server/modules/car-sharing/car-sharing-settings.service";
import { createReminders } from "../../server/modules/maintenance/reminders.service";
import { saveMaintenanceSettings } from "../../server/modules/maintenance/settings.service";
import { moveStock, savePart, saveSupplier } from "../../server/modules/maintenance/catalogue.service";
import { createService } from "../../server/modules/maintenance/records.service";
import { createFuelReport } from "../../server/modules/maintenance/fuel.service";
import { createApiKey } from "../../server/modules/tms/api-keys.service";
import { createOrder } from "../../server/modules/tms/orders.service";
import { createPlan, solvePlan } from "../../server/modules/tms/plans.service";
import { createDepot } from "../../server/modules/tms/settings.service";
import { mediaKey, mediaStore } from "../../server/modules/video/media-store";
import { archiveRepo } from "../../server/modules/analytics/archive/archive.repo";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { TINY_PNG } from "../support/fixtures";
import { FormClient, startTestServer, type TestServer } from "../support/server";

/**
 * Signs in as a user of organisation A and tries every page, form action and /api endpoint
 * with identifiers of organisation B's records: every attempt is refused and nothing leaks.
 * New routes with parameters must be added to the tables below, or this test fails.
 */
const MARK = "LEAKB";

interface OrgB {
  vehicleId: string;
  imageId: string;
  teamId: string;
  driverId: string;
  userId: string;
  roleId: string;
  poiId: string;
  geofenceId: string;
  policyId: string;
  orgId: string;
  bookingId: string;
  reminderId: string;
  serviceId: string;
  supplierId: string;
  partId: string;
  attachmentId: string;
  fuelId: string;
  routeJobId: string;
  routeTemplateId: string;
  tmsOrderId: string;
  tmsOrderRef: string;
  tmsPlanId: string;
  tmsDepotId: string;
  tmsKeyId: string;
  mediaId: string;
  archiveId: string;
  tileId: string;
  scheduleId: string;
}

const PAGE_PARAMS: Record<string, (b: OrgB) => Record<string, string>> = {
  "/configuration/vehicles/details/:id": (b) => ({ id: b.vehicleId }),
  "/configuration/vehicles/details/:id/images/:imageId": (b) => ({ id: b.vehicleId, imageId: b.imageId }),
  "/configuration/vehicles/teams/update/:id": (b) => ({ id: b.teamId }),
  "/configuration/drivers/edit/:id": (b) => ({ id: b.driverId }),
  "/configuration/users/update/:id": (b) => ({ id: b.userId }),
  "/places/edit-poi/:id": (b) => ({ id: b.poiId }),
  "/places/edit-geofence/:id": (b) => ({ id: b.geofenceId }),
  "/alerts/policies/edit/:id": (b) => ({ id: b.policyId }),
  "/alerts/policies/policy/:id": (b) => ({ id: b.policyId }),
  "/car-sharing/bookings/:id": (b) => ({ id: b.bookingId }),
  "/car-sharing/bookings/:id/edit": (b) => ({ id: b.bookingId }),
  "/route-planning/scheduled-routes/assign-routes/edit/:id": (b) => ({ id: b.routeJobId }),
  "/route-planning/scheduled-routes/template-routes/edit/:id": (b) => ({ id: b.routeTemplateId }),
  "/tms/orders/:id": (b) => ({ id: b.tmsOrderId }),
  "/tms/orders/edit/:id": (b) => ({ id: b.tmsOrderId }),
  "/tms/optimize/edit/:id": (b) => ({ id: b.tmsPlanId }),
  "/tms/delivering/:id/:vehicleId": (b) => ({ id: b.tmsPlanId, vehicleId: b.vehicleId }),
  "/tms/delivering/:id/:vehicleId/pdf": (b) => ({ id: b.tmsPlanId, vehicleId: b.vehicleId }),
  // The installation's administration area: organisation A is not the operator, so B's organisation is out of reach.
  "/administration/organizations/:id": (b) => ({ id: b.orgId }),
  "/maintenance/reminders/edit/:id": (b) => ({ id: b.reminderId }),
  "/maintenance/services/:id": (b) => ({ id: b.serviceId }),
  "/maintenance/services/edit/:id": (b) => ({ id: b.serviceId }),
  "/maintenance/fuel/edit/:id": (b) => ({ id: b.fuelId }),
  "/maintenance/suppliers/edit/:id": (b) => ({ id: b.supplierId }),
  "/maintenance/parts/edit/:id": (b) => ({ id: b.partId }),
  "/maintenance/attachments/:id": (b) => ({ id: b.attachmentId }),
  "/video/details/:id": (b) => ({ id: b.mediaId }),
  "/video/media/:id": (b) => ({ id: b.mediaId }),
  // Reports: B's vehicle in the detailed report (its page, the report page, its download), B's archived report.
  "/analytics/reports/vehicle/details/:id": (b) => ({ id: b.vehicleId }),
  "/analytics/reports/:type": (b) => ({ type: `vehicle_details?from=2026-11-17&to=2026-11-17&vehicle_ids=${b.vehicleId}` }),
  "/analytics/reports/:type/export/:format": (b) => ({ type: "vehicle_details", format: `pdf?from=2026-11-17&to=2026-11-17&vehicle_ids=${b.vehicleId}` }),
  "/analytics/archive/:id/files/:format": (b) => ({ id: b.archiveId, format: "pdf" }),
  // a tile is its user's own: B's tile is not found
  "/dashboard/metrics/edit/:id": (b) => ({ id: b.tileId }),
  "/analytics/notifications/edit/:id": (b) => ({ id: b.scheduleId }),
};

const API_PARAMS: Record<string, (b: OrgB) => Record<string, string>> = {
  "/api/teams/:id": (b) => ({ id: b.teamId }),
  "/api/vehicles/:id": (b) => ({ id: b.vehicleId }),
  "/api/vehicles/:id/images": (b) => ({ id: b.vehicleId }),
  "/api/vehicles/:id/images/:imageId": (b) => ({ id: b.vehicleId, imageId: b.imageId }),
  "/api/users/:id": (b) => ({ id: b.userId }),
  "/api/drivers/:id": (b) => ({ id: b.driverId }),
  "/api/fleet/vehicles/:id": (b) => ({ id: b.vehicleId }),
  // A subscription channel names its user: another user's channel is refused.
  "/api/subscribe/positions/:param": (b) => ({ param: `markers-${b.userId}-${Math.floor(Date.now() / 1000)}` }),
  "/api/places/pois/:id": (b) => ({ id: b.poiId }),
  "/api/car-sharing/bookings/:id": (b) => ({ id: b.bookingId }),
  "/api/car-sharing/bookings/:id/cancel": (b) => ({ id: b.bookingId }),
  "/api/places/geofences/:id": (b) => ({ id: b.geofenceId }),
  "/api/alerts/policies/:id": (b) => ({ id: b.policyId }),
  "/api/alerts/policies/:id/active": (b) => ({ id: b.policyId }),
  "/api/administration/organizations/:id": (b) => ({ id: b.orgId }),
  "/api/route-planning/my/jobs/:id/assign": (b) => ({ id: b.routeJobId }),
  "/api/route-planning/my/jobs/:id/check-in": (b) => ({ id: b.routeJobId }),
  "/api/route-planning/my/jobs/:id/check-out": (b) => ({ id: b.routeJobId }),
  "/api/route-planning/jobs/:id": (b) => ({ id: b.routeJobId }),
  "/api/route-planning/jobs/:id/assign": (b) => ({ id: b.routeJobId }),
  "/api/administration/organizations/:id/suspend": (b) => ({ id: b.orgId }),
  "/api/administration/organizations/:id/reactivate": (b) => ({ id: b.orgId }),
  "/api/tms/orders/:id": (b) => ({ id: b.tmsOrderId }),
  "/api/tms/orders/:id/finish": (b) => ({ id: b.tmsOrderId }),
  "/api/tms/optimizations/:id": (b) => ({ id: b.tmsPlanId }),
  "/api/tms/optimizations/:id/run": (b) => ({ id: b.tmsPlanId }),
  "/api/tms/optimizations/:id/move": (b) => ({ id: b.tmsPlanId }),
  "/api/tms/optimizations/:id/complete": (b) => ({ id: b.tmsPlanId }),
  "/api/tms/optimizations/:id/dispatch": (b) => ({ id: b.tmsPlanId }),
  "/api/tms/optimizations/:id/delivering/:vehicleId": (b) => ({ id: b.tmsPlanId, vehicleId: b.vehicleId }),
  "/api/tms/depots/:id": (b) => ({ id: b.tmsDepotId }),
  "/api/tms/api-keys/:id": (b) => ({ id: b.tmsKeyId }),
  // called with organisation A's integration key
  "/api/integrations/orders/:orderId": (b) => ({ orderId: b.tmsOrderRef }),
  "/api/integrations/orders/:orderId/finish": (b) => ({ orderId: b.tmsOrderRef }),
  // B's vehicle by id in a report that needs one: not found; the export without it: refused
  "/api/analytics/reports/:type": (b) => ({ type: `vehicle_details?from=2026-11-17&to=2026-11-17&vehicle_ids=${b.vehicleId}` }),
  "/api/analytics/reports/:type/export": () => ({ type: "vehicle_details" }),
  "/api/maintenance/reminders/:id": (b) => ({ id: b.reminderId }),
  "/api/maintenance/reminders/:id/complete": (b) => ({ id: b.reminderId }),
  "/api/maintenance/services/:id": (b) => ({ id: b.serviceId }),
  "/api/maintenance/fuel/:id": (b) => ({ id: b.fuelId }),
  "/api/maintenance/attachments/:id": (b) => ({ id: b.attachmentId }),
  "/api/video/:id": (b) => ({ id: b.mediaId }),
  "/api/analytics/reports/:type/archive": (b) => ({ type: `vehicle_details?from=2026-11-17&to=2026-11-17&vehicle_ids=${b.vehicleId}` }),
  "/api/analytics/archive/:id/files/:format": (b) => ({ id: b.archiveId, format: "pdf" }),
  "/api/analytics/archive/:id/retry": (b) => ({ id: b.archiveId }),
  "/api/dashboard/tiles/:id": (b) => ({ id: b.tileId }),
  "/api/analytics/schedules/:id": (b) => ({ id: b.scheduleId }),
};

const fill = (pattern: string, params: Record<string, string>) => pattern.replace(/:(\w+)/g, (_, k: string) => params[k]);

function pagePaths(build: ServerBuild): string[] {
  const full = (id: string): string => {
    const r = build.routes[id];
    if (!r) return "";
    const parent = r.parentId ? full(r.parentId) : "";
    return r.path ? `${parent.replace(/\/$/, "")}/${r.path}` : parent;
  };
  return [...new Set(Object.keys(build.routes).map((id) => full(id) || "/"))].filter((p) => !p.includes("*"));
}

function apiRoutes(server: Server): Array<{ path: string; methods: string[] }> {
  const app = server.listeners("request")[0] as unknown as { router: { stack: Layer[] } };
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const out: Array<{ path: string; methods: string[] }> = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === "string") {
        out.push({ path: layer.route.path, methods: Object.keys(layer.route.methods).filter((m) => m !== "_all") });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk(app.router.stack);
  return out.filter((r) => r.path.startsWith("/api/") || r.path.startsWith("/auth/"));
}

const existingPageParams = () => Object.entries(PAGE_PARAMS).filter(([p]) => pagePaths(build).includes(p));

let srv: TestServer;
let a: TestOrg;
let bOrg: TestOrg;
let b: OrgB;
let build: ServerBuild;
let tokenA: string;
let keyA: string;
const client = () => new FormClient(srv.url);

async function snapshotB() {
  const db = srv.ctx.db;
  const [vehicles, images, teams, users, policies, org, reminders, services, parts, suppliers, fuel, routeJobs, routeTemplates] = await Promise.all([
    db.selectFrom("vehicles").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("vehicle_images").select(["id", "vehicle_id", "byte_size"]).where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("teams").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("users").select(["id", "email", "first_name", "last_name", "role_id", "team_id", "password_hash", "active"]).where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("alert_policies").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("organizations").selectAll().where("id", "=", bOrg.orgId).execute(),
    db.selectFrom("maintenance_reminders").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("maintenance_services").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("maintenance_parts").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("maintenance_suppliers").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    db.selectFrom("maintenance_fuel_reports").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
    // (without the lateness sweep's marks: a worker another test file starts may sweep B's late job meanwhile)
    db.selectFrom("route_jobs").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute()
      .then((rows) => rows.map(({ late_alerted_at: _l, missed_alerted_at: _m, ...row }) => row)),
    db.selectFrom("route_templates").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute(),
  ]);
  const bookings = await db.selectFrom("bookings").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute();
  const tms = await Promise.all(["tms_orders", "tms_optimizations", "tms_depots", "tms_api_keys"].map((t) => db.selectFrom(t as "tms_orders").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute()));
  const tiles = await db.selectFrom("dashboard_tiles").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute();
  const schedules = await db.selectFrom("report_schedules").selectAll().where("org_id", "=", bOrg.orgId).orderBy("id").execute();
  const maintenanceSettings = await db.selectFrom("maintenance_settings").selectAll().where("org_id", "=", bOrg.orgId).execute();
  return JSON.stringify({ vehicles, images, teams, users, policies, org, bookings, reminders, services, parts, suppliers, fuel, routeJobs, routeTemplates, tms, tiles, schedules, maintenanceSettings });
}

beforeAll(async () => {
  srv = await startTestServer();
  const buildDir = path.resolve(import.meta.dirname, "../..", process.env.FLOTA_BUILD_DIR ?? "build");
  build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  [a, bOrg] = await Promise.all([createTestOrg(srv.ctx, { demo: true }), createTestOrg(srv.ctx, { demo: true })]);
  const pb = await principalFor(srv.ctx, bOrg.adminId);
  const team = await createTeam(srv.ctx, pb, { name: `${MARK} team`, description: `${MARK} secret` });
  const vehicle = await createVehicle(srv.ctx, pb, {
    registration: `${MARK}1`, category: "Van", electric: false, team_id: team.id, identifier_name: `${MARK} van`, chassis_number: `${MARK}CHASSIS`,
  } as never);
  await addVehicleImages(srv.ctx, pb, vehicle.id, [{ contentType: "image/png", data: TINY_PNG }]);
  const image = await srv.ctx.db.selectFrom("vehicle_images").select("id").where("vehicle_id", "=", vehicle.id).executeTakeFirstOrThrow();
  const driver = await createPerson(srv.ctx, pb, "drivers", {
    first_name: `${MARK}first`, last_name: `${MARK}last`, role_id: bOrg.roles.driver, is_driver: true, web_only: false,
    vehicle_access: "all", vehicle_ids: [], default_language: "al", active: true, phone: "+355690000001",
  } as never);
  const user = await createPerson(srv.ctx, pb, "users", {
    first_name: `${MARK}user`, last_name: `${MARK}person`, email: `${MARK}@b.test.flota`, password: "b-password-1",
    role_id: bOrg.roles.dispatcher, team_id: team.id, is_driver: false, web_only: false, vehicle_access: "all", vehicle_ids: [], default_language: "en", active: true,
  } as never);
  const poi = await createPoi(srv.ctx, pb, { name: `${MARK} depot`, category: `${MARK} cat`, city: `${MARK} city`, latitude: 41.33, longitude: 19.82, icon: "pin", icon_color: "#2563eb" });
  const geofence = await createGeofence(srv.ctx, pb, { name: `${MARK} zone`, category: `${MARK} cat`, shape: "circle", latitude: 41.32, longitude: 19.81, radius_m: 500 });
  const policy = await createPolicy(srv.ctx, pb, policyInputSchema.parse({
    name: `${MARK} policy`, alert_type: "geofence_enter", vehicle_ids: [vehicle.id], geofence_ids: [geofence.id], days: [1, 2, 3],
    notify_in_app: true, notify_email: true, recipient_ids: [user.id], emails: [`${MARK.toLowerCase()}@b.test.flota`],
  }) as never);
  await savePoolVehicles(srv.ctx, pb, { vehicle_ids: [vehicle.id] });
  const purpose = await addEntry(srv.ctx, pb, { kind: "purpose", label: `${MARK} purpose` });
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const booking = await createBooking(srv.ctx, pb, {
    user_id: user.id, vehicle_id: vehicle.id, type: "shared", destination: `${MARK} destination`, purpose: purpose.id,
    start: `${inTwoDays} 10:00`, end: `${inTwoDays} 11:00`,
  });
  const tile = await addTile(srv.ctx, pb, { metric: "distance", chart_type: "table", time_window: "this_week", vehicle_ids: [vehicle.id] });
  const schedule = await createSchedule(srv.ctx, pb, {
    name: `${MARK} schedule`, report_type: "trips", hour: 7, time_range: "previous_week", interval: "weekly", weekday: 1,
    vehicle_ids: [vehicle.id], user_ids: [user.id], emails: [`${MARK.toLowerCase()}-report@b.test.flota`],
  });
  const [routeJobId] = await createJobs(srv.ctx, pb, {
    name: `${MARK} job`, address: `${MARK} street`, latitude: "41.33", longitude: "19.82", contact_name: `${MARK} contact`, notes: `${MARK} notes`,
    // two days ahead: the worker's lateness sweep, running meanwhile, must not mark it late and change B's rows
    scheduled_date: inTwoDays, scheduled_arrival: "09:00", scheduled_departure: "10:00", vehicle_id: vehicle.id,
  });
  const supplier = await saveSupplier(srv.ctx, pb, null, { name: `${MARK} garage`, email: `${MARK.toLowerCase()}@b.test.flota` });
  // B's own fuel tolerances: A reads its own and its saving leaves B's alone
  await saveMaintenanceSettings(srv.ctx, pb, { consumption_tolerance_pct: "77", odometer_tolerance_km: "777" });
  const part = await savePart(srv.ctx, pb, null, { name: `${MARK} filter`, supplier_id: supplier.id, unit_price: "5" });
  await moveStock(srv.ctx, pb, part.id, { quantity: "10", reason: "purchase" });
  const service = await createService(srv.ctx, pb, { vehicle_id: vehicle.id, service_type: `${MARK} service`, completed_on: "2026-11-01", notes: MARK, part_id: [part.id], part_quantity: ["1"] },
    [{ fileName: `${MARK}.png`, contentType: "image/png", data: TINY_PNG }]);
  const attachment = await srv.ctx.db.selectFrom("maintenance_attachments").select("id").where("service_id", "=", service.id).executeTakeFirstOrThrow();
  const fuelReport = await createFuelReport(srv.ctx, pb, { vehicle_id: vehicle.id, filled_on: "2026-11-02", liters: "40", odometer_km: "1000", bill_number: `${MARK}-bill`, full_tank: "on" });
  const routeTemplate = await createTemplate(srv.ctx, pb, { name: `${MARK} template`, days: ["1"], notes: `${MARK} notes` });
  await addStop(srv.ctx, pb, routeTemplate.id, { name: `${MARK} stop`, latitude: "41.3", longitude: "19.8", arrival: "08:00", departure: "08:30" });
  const tmsDepot = await createDepot(srv.ctx, pb, { name: `${MARK} depot`, latitude: "41.3", longitude: "19.8" });
  const tmsOrder = await createOrder(srv.ctx, pb, { order_id: `${MARK}-ORD`, customer_code: `${MARK}C`, customer_name: `${MARK} customer`, latitude: "41.33", longitude: "19.82", delivery_date_at: "2026-12-01", weight: "5" });
  const tmsPlan = await createPlan(srv.ctx, pb, { name: `${MARK} plan`, day: "2026-12-01", depot_id: tmsDepot.id, orders: [tmsOrder.id], trucks: [{ vehicle_id: vehicle.id, capacity_weight: 100, capacity_packets: 10 }] });
  await solvePlan(srv.ctx, bOrg.orgId, tmsPlan.id, { timeLimitMs: 100 });
  const tmsKey = await createApiKey(srv.ctx, pb, { name: `${MARK} key` });
  keyA = (await createApiKey(srv.ctx, await principalFor(srv.ctx, a.adminId), { name: "A key" })).key;
  // B's dashcam photo, stored like an upload (its bytes are the PNG the leak check looks for)
  await srv.ctx.db.insertInto("vehicle_cameras").values({ org_id: bOrg.orgId, vehicle_id: vehicle.id }).execute();
  const capturedAt = new Date();
  const media = await srv.ctx.db.insertInto("video_media").values({
    org_id: bOrg.orgId, vehicle_id: vehicle.id, trigger: "periodic", media_type: "photo", camera: "front", captured_at: capturedAt,
    status: "completed", failure: null, lat: 41.32, lon: 19.81, content_type: "image/jpeg", size_bytes: TINY_PNG.length, sha256: "0".repeat(64), file_key: "pending",
  }).returning("id").executeTakeFirstOrThrow();
  const key = mediaKey(bOrg.orgId, media.id, capturedAt, "photo");
  await mediaStore(srv.ctx.config).write(key, TINY_PNG);
  await srv.ctx.db.updateTable("video_media").set({ file_key: key }).where("id", "=", media.id).execute();
  const archiveId = (await archiveRepo.insert(srv.ctx.db, {
    orgId: bOrg.orgId, requestedBy: bOrg.adminId, scheduleId: null, type: "trips", params: { from: "2026-11-17", to: "2026-11-17" }, from: "2026-11-17", to: "2026-11-17", runKey: null,
  }))!;
  await archiveRepo.saveFile(srv.ctx.db, archiveId, "pdf", "al", Buffer.from(`${MARK} archived`));
  await archiveRepo.finish(srv.ctx.db, archiveId, "COMPLETED", { rowCount: 1 });
  b = {
    bookingId: booking.id,
    serviceId: service.id, supplierId: supplier.id, partId: part.id, attachmentId: attachment.id, fuelId: fuelReport.id,
    routeJobId, routeTemplateId: routeTemplate.id,
    tmsOrderId: tmsOrder.id, tmsOrderRef: tmsOrder.order_id, tmsPlanId: tmsPlan.id, tmsDepotId: tmsDepot.id, tmsKeyId: tmsKey.id,
    tileId: tile.id,
    scheduleId: schedule.id,
    vehicleId: vehicle.id, imageId: image.id, teamId: team.id, driverId: driver.id, userId: user.id, roleId: bOrg.roles.administrator,
    reminderId: (await createReminders(srv.ctx, pb, { vehicle_ids: [vehicle.id], name: `${MARK} oil`, interval_km: "15000", active: "on", base_date: "2026-01-01" }))[0].id,
    poiId: poi.id, geofenceId: geofence.id, policyId: policy.id, orgId: bOrg.orgId, mediaId: media.id, archiveId,
  };
  const login = await (await fetch(`${srv.url}/api/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ email: a.adminEmail, password: a.adminPassword, grant_type: "password", web_login: "true" }),
  })).json();
  tokenA = login.access_token;
});
afterAll(async () => srv?.close());

describe("organisation isolation", () => {
  it("covers every page route with parameters", () => {
    const dynamic = pagePaths(build).filter((p) => p.includes(":"));
    expect(dynamic.filter((p) => !(p in PAGE_PARAMS))).toEqual([]);
  });

  it("covers every /api route with parameters", () => {
    const dynamic = apiRoutes(srv.server).map((r) => r.path).filter((p) => p.includes(":"));
    expect(dynamic.length).toBeGreaterThan(0);
    expect([...new Set(dynamic)].filter((p) => !(p in API_PARAMS))).toEqual([]);
  });

  it("shows nothing of organisation B on any page, even when searching for it", async () => {
    const c = client();
    await c.login(a.adminEmail, a.adminPassword);
    const statics = pagePaths(build).filter((p) => !p.includes(":") && !["/logout", "/preferences"].includes(p));
    expect(statics).toContain("/manage");
    for (const p of statics) {
      // Searching in lower case matches B's records case-insensitively, while the echoed query cannot look like a leak.
      for (const url of [p, `${p}?q=${MARK.toLowerCase()}`]) {
        const res = await c.get(url);
        expect(res.status, url).toBeLessThan(500);
        const html = await res.text();
        expect(html, url).not.toContain(MARK);
        expect(html, url).not.toContain("@b.test.flota");
      }
    }
  });

  it("refuses every page with B's identifiers and leaks nothing", async () => {
    const c = client();
    await c.login(a.adminEmail, a.adminPassword);
    for (const [pattern, params] of existingPageParams()) {
      const url = fill(pattern, params(b));
      const res = await c.get(url);
      expect([403, 404], url).toContain(res.status);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.toString("latin1"), url).not.toContain(MARK);
      expect(body.includes(TINY_PNG), url).toBe(false);
    }
  });

  it("changes nothing of B's through any form action with B's identifiers", async () => {
    const before = await snapshotB();
    const c = client();
    await c.login(a.adminEmail, a.adminPassword);
    const csrf = c.cookies.get("flota_csrf")!;
    const forms: Array<Record<string, string>> = [
      { intent: "delete" },
      { intent: "cancel" },
      { intent: "delete-image", imageId: b.imageId },
      { intent: "update", registration: "STOLEN1", category: "Car", name: "stolen", first_name: "x", last_name: "y", role_id: a.roles.viewer },
      {},
    ];
    for (const [pattern, params] of existingPageParams()) {
      for (const fields of forms) {
        const res = await c.post(fill(pattern, params(b)), fields, { csrf });
        expect(res.status, `${pattern} ${JSON.stringify(fields)}`).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await snapshotB()).toBe(before);
  });

  it("refuses every /api call with B's identifiers and changes nothing", async () => {
    const before = await snapshotB();
    const auth = { authorization: `Bearer ${tokenA}` };
    for (const route of apiRoutes(srv.server).filter((r) => r.path.includes(":"))) {
      const url = `${srv.url}${fill(route.path, API_PARAMS[route.path](b))}`;
      for (const method of route.methods) {
        const who = route.path.startsWith("/api/integrations/") ? { "x-api-key": keyA } : auth;
        const init: RequestInit = { method: method.toUpperCase(), headers: { ...who, "content-type": "application/json" } };
        if (!["get", "delete"].includes(method)) init.body = JSON.stringify({ registration: "STOLEN2", category: "Car", name: "stolen", first_name: "x", last_name: "y", role_id: a.roles.viewer });
        const res = await fetch(url, init);
        expect([400, 403, 404], `${method} ${route.path}`).toContain(res.status);
        expect(await res.text(), `${method} ${route.path}`).not.toContain(MARK);
      }
    }
    expect(await snapshotB()).toBe(before);
  });

  it("lists only A's records through /api and refuses references to B's records", async () => {
    const auth = { authorization: `Bearer ${tokenA}`, "content-type": "application/json" };
    for (const list of ["/api/teams", "/api/vehicles", "/api/users", "/api/drivers", "/api/organization", "/api/settings", "/api/profile", "/api/alerts/policies", "/api/audit-log", "/api/audit-log.csv", "/api/audit-log/users",
    "/api/maintenance/reminders", "/api/maintenance/services", "/api/maintenance/fuel", "/api/route-planning/jobs", "/api/route-planning/my/jobs"]) {
      const res = await fetch(`${srv.url}${list}?q=${MARK}&size=200`, { headers: auth });
      expect(res.status, list).toBe(200);
      expect(await res.text(), list).not.toContain(MARK);
    }
    const before = await snapshotB();
    expect(await (await fetch(`${srv.url}/api/maintenance/settings`, { headers: auth })).json()).toEqual({ consumption_tolerance_pct: 30, odometer_tolerance_km: 50 });
    const settings = await fetch(`${srv.url}/api/maintenance/settings`, { method: "PUT", headers: auth, body: JSON.stringify({ consumption_tolerance_pct: 31, odometer_tolerance_km: 51 }) });
    expect(settings.status).toBe(200);
    expect(await snapshotB()).toBe(before);
    const vehicle = await fetch(`${srv.url}/api/vehicles`, { method: "POST", headers: auth, body: JSON.stringify({ registration: "XREF1", category: "Car", team_id: b.teamId }) });
    expect(vehicle.status).toBe(400);
    const user = await fetch(`${srv.url}/api/users`, { method: "POST", headers: auth, body: JSON.stringify({ first_name: "X", last_name: "Ref", role_id: b.roleId }) });
    expect(user.status).toBe(400);
    const access = await fetch(`${srv.url}/api/users`, {
      method: "POST", headers: auth,
      body: JSON.stringify({ first_name: "X", last_name: "Ref", role_id: a.roles.viewer, vehicle_access: "selected", vehicle_ids: [b.vehicleId] }),
    });
    expect(access.status).toBe(400);
    const created = await srv.ctx.db.selectFrom("users").select("id").where("org_id", "=", a.orgId).where("last_name", "=", "Ref").execute();
    expect(created).toEqual([]);
    const policyRefs = [{ vehicle_ids: [b.vehicleId] }, { team_ids: [b.teamId] }, { recipient_ids: [b.userId] }, { alert_type: "geofence_exit", geofence_ids: [b.geofenceId] }];
    for (const ref of policyRefs) {
      const res = await fetch(`${srv.url}/api/alerts/policies`, {
        method: "POST", headers: auth,
        body: JSON.stringify({ name: "XREF policy", alert_type: "ignition_on", all_vehicles: true, days: [1], notify_email: true, emails: ["x@a.test"], ...ref }),
      });
      expect(res.status, JSON.stringify(ref)).toBe(400);
    }
    expect(await srv.ctx.db.selectFrom("alert_policies").select("id").where("org_id", "=", a.orgId).where("name", "=", "XREF policy").execute()).toEqual([]);
  });
  it("TMS: lists only A's orders, plans, depots and keys; A's integration key reads nothing of B's; a tracking link shows nothing else", async () => {
    const auth = { authorization: `Bearer ${tokenA}` };
    for (const list of ["/api/tms/orders", "/api/tms/optimizations", "/api/tms/depots", "/api/tms/api-keys", "/api/tms/settings"]) {
      const res = await fetch(`${srv.url}${list}?q=${MARK}&size=200`, { headers: auth });
      expect(res.status, list).toBe(200);
      expect(await res.text(), list).not.toContain(MARK);
    }
    const viaKey = await fetch(`${srv.url}/api/integrations/orders?size=200`, { headers: { "x-api-key": keyA } });
    expect(viaKey.status).toBe(200);
    expect(await viaKey.text()).not.toContain(MARK);
    const noKey = await fetch(`${srv.url}/api/integrations/orders`, { headers: auth });
    expect(noKey.status).toBe(401);
    const plan = await fetch(`${srv.url}/api/tms/optimizations`, {
      method: "POST", headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "XREF plan", day: "2026-12-01", depotId: b.tmsDepotId, orders: [b.tmsOrderId], trucks: [{ vehicleId: b.vehicleId, capacityWeight: 10, capacityPackets: 1 }] }),
    });
    expect(plan.status).toBe(400);
    const order = await srv.ctx.db.selectFrom("tms_orders").select("tracking_token").where("id", "=", b.tmsOrderId).executeTakeFirstOrThrow();
    const html = await (await fetch(`${srv.url}/int/order-track?token=${order.tracking_token}`)).text();
    expect(html).toContain(`${MARK}-ORD`);
    expect(html).not.toContain(`${MARK} customer`);
    expect(html).not.toContain(`${MARK}1`);
  });
});
