/**
 * Organisation B of the isolation test: one record of every kind, each carrying MARK where it has text, and a
 * snapshot of B's rows to prove that nothing A does changes them.
 */
import type { DB } from "../../server/db/database";
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
import { addEntry, savePoolVehicles } from "../../server/modules/car-sharing/car-sharing.settings";
import { createReminders } from "../../server/modules/maintenance/reminders.service";
import { saveMaintenanceSettings } from "../../server/modules/maintenance/maintenance.settings";
import { moveStock, savePart, saveSupplier } from "../../server/modules/maintenance/catalogue.service";
import { createService } from "../../server/modules/maintenance/records.service";
import { createFuelReport } from "../../server/modules/maintenance/fuel.service";
import { createApiKey } from "../../server/modules/tms/api-keys.service";
import { createOrder } from "../../server/modules/tms/orders.service";
import { solvePlan } from "../../server/modules/tms/plans.optimize";
import { createPlan } from "../../server/modules/tms/plans.service";
import { createDepot } from "../../server/modules/tms/tms.settings";
import { mediaKey, mediaStore } from "../../server/modules/video/media-store";
import { archiveRepo } from "../../server/modules/analytics/archive/archive.repo";
import { createForwardingTarget } from "../../server/modules/forwarding";
import { createWebhook, sendTestEvent } from "../../server/modules/webhooks";
import { principalFor, type TestContext, type TestOrg } from "../support/context";
import { TINY_PNG } from "../support/fixtures";
import { dayFromToday } from "../support/days";

export const MARK = "LEAKB";

export interface OrgB {
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
  forwardingTargetId: string;
  vehicleCheckId: string;
  webhookId: string;
  webhookDeliveryId: string;
}

/** Creates B's records through the services, as B's administrator. */
export async function seedOrgB(ctx: TestContext, bOrg: TestOrg): Promise<OrgB> {
  const pb = await principalFor(ctx, bOrg.adminId);
  const team = await createTeam(ctx, pb, { name: `${MARK} team`, description: `${MARK} secret` });
  const vehicle = await createVehicle(ctx, pb, {
    registration: `${MARK}1`,
    category: "Van",
    electric: false,
    team_id: team.id,
    identifier_name: `${MARK} van`,
    chassis_number: `${MARK}CHASSIS`,
  } as never);
  await addVehicleImages(ctx, pb, vehicle.id, [{ contentType: "image/png", data: TINY_PNG }]);
  const image = await ctx.db
    .selectFrom("vehicle_images")
    .select("id")
    .where("vehicle_id", "=", vehicle.id)
    .executeTakeFirstOrThrow();
  const driver = await createPerson(ctx, pb, "drivers", {
    first_name: `${MARK}first`,
    last_name: `${MARK}last`,
    role_id: bOrg.roles.driver,
    is_driver: true,
    web_only: false,
    vehicle_access: "all",
    vehicle_ids: [],
    default_language: "al",
    active: true,
    phone: "+355690000001",
  } as never);
  const user = await createPerson(ctx, pb, "users", {
    first_name: `${MARK}user`,
    last_name: `${MARK}person`,
    email: `${MARK}@b.test.flota`,
    password: "b-password-1",
    role_id: bOrg.roles.dispatcher,
    team_id: team.id,
    is_driver: false,
    web_only: false,
    vehicle_access: "all",
    vehicle_ids: [],
    default_language: "en",
    active: true,
  } as never);
  const poi = await createPoi(ctx, pb, {
    name: `${MARK} depot`,
    category: `${MARK} cat`,
    city: `${MARK} city`,
    latitude: 41.33,
    longitude: 19.82,
    icon: "pin",
    icon_color: "#2563eb",
  });
  const geofence = await createGeofence(ctx, pb, {
    name: `${MARK} zone`,
    category: `${MARK} cat`,
    shape: "circle",
    latitude: 41.32,
    longitude: 19.81,
    radius_m: 500,
  });
  const policy = await createPolicy(
    ctx,
    pb,
    policyInputSchema.parse({
      name: `${MARK} policy`,
      alert_type: "geofence_enter",
      vehicle_ids: [vehicle.id],
      geofence_ids: [geofence.id],
      days: [1, 2, 3],
      notify_in_app: true,
      notify_email: true,
      recipient_ids: [user.id],
      emails: [`${MARK.toLowerCase()}@b.test.flota`],
    }) as never,
  );
  await savePoolVehicles(ctx, pb, { vehicle_ids: [vehicle.id] });
  const purpose = await addEntry(ctx, pb, { kind: "purpose", label: `${MARK} purpose` });
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const booking = await createBooking(ctx, pb, {
    user_id: user.id,
    vehicle_id: vehicle.id,
    type: "shared",
    destination: `${MARK} destination`,
    purpose: purpose.id,
    start: `${inTwoDays} 10:00`,
    end: `${inTwoDays} 11:00`,
  });
  const tile = await addTile(ctx, pb, {
    metric: "distance",
    chart_type: "table",
    time_window: "this_week",
    vehicle_ids: [vehicle.id],
  });
  const schedule = await createSchedule(ctx, pb, {
    name: `${MARK} schedule`,
    report_type: "trips",
    hour: 7,
    time_range: "previous_week",
    interval: "weekly",
    weekday: 1,
    vehicle_ids: [vehicle.id],
    user_ids: [user.id],
    emails: [`${MARK.toLowerCase()}-report@b.test.flota`],
  });
  const [routeJobId] = await createJobs(ctx, pb, {
    name: `${MARK} job`,
    address: `${MARK} street`,
    latitude: "41.33",
    longitude: "19.82",
    contact_name: `${MARK} contact`,
    notes: `${MARK} notes`,
    // two days ahead: the worker's lateness sweep, running meanwhile, must not mark it late and change B's rows
    scheduled_date: inTwoDays,
    scheduled_arrival: "09:00",
    scheduled_departure: "10:00",
    vehicle_id: vehicle.id,
  });
  const supplier = await saveSupplier(ctx, pb, null, {
    name: `${MARK} garage`,
    email: `${MARK.toLowerCase()}@b.test.flota`,
  });
  // B's own fuel tolerances: A reads its own and its saving leaves B's alone
  await saveMaintenanceSettings(ctx, pb, { consumption_tolerance_pct: "77", odometer_tolerance_km: "777" });
  const part = await savePart(ctx, pb, null, { name: `${MARK} filter`, supplier_id: supplier.id, unit_price: "5" });
  await moveStock(ctx, pb, part.id, { quantity: "10", reason: "purchase" });
  const service = await createService(
    ctx,
    pb,
    {
      vehicle_id: vehicle.id,
      service_type: `${MARK} service`,
      completed_on: "2026-11-01",
      notes: MARK,
      part_id: [part.id],
      part_quantity: ["1"],
    },
    [{ fileName: `${MARK}.png`, contentType: "image/png", data: TINY_PNG }],
  );
  const attachment = await ctx.db
    .selectFrom("maintenance_attachments")
    .select("id")
    .where("service_id", "=", service.id)
    .executeTakeFirstOrThrow();
  const fuelReport = await createFuelReport(ctx, pb, {
    vehicle_id: vehicle.id,
    filled_on: "2026-11-02",
    liters: "40",
    odometer_km: "1000",
    bill_number: `${MARK}-bill`,
    full_tank: "on",
  });
  const routeTemplate = await createTemplate(ctx, pb, {
    name: `${MARK} template`,
    days: ["1"],
    notes: `${MARK} notes`,
  });
  await addStop(ctx, pb, routeTemplate.id, {
    name: `${MARK} stop`,
    latitude: "41.3",
    longitude: "19.8",
    arrival: "08:00",
    departure: "08:30",
  });
  const tmsDepot = await createDepot(ctx, pb, { name: `${MARK} depot`, latitude: "41.3", longitude: "19.8" });
  const tmsOrder = await createOrder(ctx, pb, {
    order_id: `${MARK}-ORD`,
    customer_code: `${MARK}C`,
    customer_name: `${MARK} customer`,
    latitude: "41.33",
    longitude: "19.82",
    delivery_date_at: dayFromToday(1),
    weight: "5",
  });
  const tmsPlan = await createPlan(ctx, pb, {
    name: `${MARK} plan`,
    day: dayFromToday(1),
    depot_id: tmsDepot.id,
    orders: [tmsOrder.id],
    trucks: [{ vehicle_id: vehicle.id, capacity_weight: 100, capacity_packets: 10 }],
  });
  await solvePlan(ctx, bOrg.orgId, tmsPlan.id, { timeLimitMs: 100 });
  const tmsKey = await createApiKey(ctx, pb, { name: `${MARK} key` });
  // B's dashcam photo, stored like an upload (its bytes are the PNG the leak check looks for)
  await ctx.db.insertInto("vehicle_cameras").values({ org_id: bOrg.orgId, vehicle_id: vehicle.id }).execute();
  const capturedAt = new Date();
  const media = await ctx.db
    .insertInto("video_media")
    .values({
      org_id: bOrg.orgId,
      vehicle_id: vehicle.id,
      trigger: "periodic",
      media_type: "photo",
      camera: "front",
      captured_at: capturedAt,
      status: "completed",
      failure: null,
      lat: 41.32,
      lon: 19.81,
      content_type: "image/jpeg",
      size_bytes: TINY_PNG.length,
      sha256: "0".repeat(64),
      file_key: "pending",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const key = mediaKey(bOrg.orgId, media.id, capturedAt, "photo");
  await mediaStore(ctx.config).write(key, TINY_PNG);
  await ctx.db.updateTable("video_media").set({ file_key: key }).where("id", "=", media.id).execute();
  const archiveId = (await archiveRepo.insert(ctx.db, {
    orgId: bOrg.orgId,
    requestedBy: bOrg.adminId,
    scheduleId: null,
    type: "trips",
    params: { from: "2026-11-17", to: "2026-11-17" },
    from: "2026-11-17",
    to: "2026-11-17",
    runKey: null,
  }))!;
  await archiveRepo.saveFile(ctx.db, archiveId, "pdf", "al", Buffer.from(`${MARK} archived`));
  await archiveRepo.finish(ctx.db, archiveId, "COMPLETED", { rowCount: 1 });
  const forwardingTarget = await createForwardingTarget(ctx, pb, {
    name: `${MARK} forwarding`,
    kind: "http",
    url: "https://203.0.113.50/positions",
    topic: null,
    secret: `${MARK}-secret-0123456789`,
    active: true,
  });
  // a failed vehicle check with a photo (the driver's phone): its photo must stay B's
  const vehicleCheck = await ctx.db
    .insertInto("vehicle_checks")
    .values({
      org_id: bOrg.orgId,
      vehicle_id: vehicle.id,
      day: "2026-11-17",
      passed: false,
      items: JSON.stringify([
        {
          item_id: "damage",
          preset: "damage",
          label: null,
          ok: false,
          note: MARK,
          photo_key: `${bOrg.orgId}/checks/${MARK}-0.jpg`,
          photo_type: "image/jpeg",
          reminder_id: null,
        },
      ]),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // a public address written as an IP literal (no DNS look-up; nothing is delivered: no workers run)
  const webhook = await createWebhook(ctx, pb, {
    url: "https://93.184.216.34/flota",
    description: `${MARK} webhook`,
    events: ["alert.created"],
    active: false,
  });
  const { deliveryId: webhookDeliveryId } = await sendTestEvent(ctx, pb, webhook.id);
  return {
    forwardingTargetId: forwardingTarget.id,
    vehicleCheckId: vehicleCheck.id,
    webhookId: webhook.id,
    webhookDeliveryId,
    bookingId: booking.id,
    serviceId: service.id,
    supplierId: supplier.id,
    partId: part.id,
    attachmentId: attachment.id,
    fuelId: fuelReport.id,
    routeJobId,
    routeTemplateId: routeTemplate.id,
    tmsOrderId: tmsOrder.id,
    tmsOrderRef: tmsOrder.orderId,
    tmsPlanId: tmsPlan.id,
    tmsDepotId: tmsDepot.id,
    tmsKeyId: tmsKey.id,
    tileId: tile.id,
    scheduleId: schedule.id,
    vehicleId: vehicle.id,
    imageId: image.id,
    teamId: team.id,
    driverId: driver.id,
    userId: user.id,
    roleId: bOrg.roles.administrator,
    reminderId: (
      await createReminders(ctx, pb, {
        vehicle_ids: [vehicle.id],
        name: `${MARK} oil`,
        interval_km: "15000",
        active: "on",
        base_date: "2026-01-01",
      })
    )[0].id,
    poiId: poi.id,
    geofenceId: geofence.id,
    policyId: policy.id,
    orgId: bOrg.orgId,
    mediaId: media.id,
    archiveId,
  };
}

/** B's rows that any form or API call could change, as one string to compare. */
export async function snapshotOrgB(db: DB, orgId: string): Promise<string> {
  const [
    vehicles,
    images,
    teams,
    users,
    policies,
    org,
    reminders,
    services,
    parts,
    suppliers,
    fuel,
    routeJobs,
    routeTemplates,
  ] = await Promise.all([
    db.selectFrom("vehicles").selectAll().where("org_id", "=", orgId).orderBy("id").execute(),
    db
      .selectFrom("vehicle_images")
      .select(["id", "vehicle_id", "byte_size"])
      .where("org_id", "=", orgId)
      .orderBy("id")
      .execute(),
    db.selectFrom("teams").selectAll().where("org_id", "=", orgId).orderBy("id").execute(),
    db
      .selectFrom("users")
      .select(["id", "email", "first_name", "last_name", "role_id", "team_id", "password_hash", "active"])
      .where("org_id", "=", orgId)
      .orderBy("id")
      .execute(),
    db.selectFrom("alert_policies").selectAll().where("org_id", "=", orgId).orderBy("id").execute(),
    db.selectFrom("organizations").selectAll().where("id", "=", orgId).execute(),
    db.selectFrom("maintenance_reminders").selectAll().where("org_id", "=", orgId).orderBy("id").execute(),
    db.selectFrom("maintenance_services").selectAll().where("org_id", "=", orgId).orderBy("id").execute(),
    db.selectFrom("maintenance_parts").selectAll().where("org_id", "=", orgId).orderBy("id").execute(),
    db.selectFrom("maintenance_suppliers").selectAll().where("org_id", "=", orgId).orderBy("id").execute(),
    db.selectFrom("maintenance_fuel_reports").selectAll().where("org_id", "=", orgId).orderBy("id").execute(),
    db.selectFrom("route_jobs").selectAll().where("org_id", "=", orgId).orderBy("id").execute(),
    db.selectFrom("route_templates").selectAll().where("org_id", "=", orgId).orderBy("id").execute(),
  ]);
  const bookings = await db.selectFrom("bookings").selectAll().where("org_id", "=", orgId).orderBy("id").execute();
  const tms = await Promise.all(
    ["tms_orders", "tms_optimizations", "tms_depots", "tms_api_keys"].map((t) =>
      db
        .selectFrom(t as "tms_orders")
        .selectAll()
        .where("org_id", "=", orgId)
        .orderBy("id")
        .execute(),
    ),
  );
  const tiles = await db.selectFrom("dashboard_tiles").selectAll().where("org_id", "=", orgId).orderBy("id").execute();
  const schedules = await db
    .selectFrom("report_schedules")
    .selectAll()
    .where("org_id", "=", orgId)
    .orderBy("id")
    .execute();
  const maintenanceSettings = await db
    .selectFrom("maintenance_settings")
    .selectAll()
    .where("org_id", "=", orgId)
    .execute();
  const forwarding = await db
    .selectFrom("forwarding_targets")
    .selectAll()
    .where("org_id", "=", orgId)
    .orderBy("id")
    .execute();
  return JSON.stringify({
    forwarding,
    vehicles,
    images,
    teams,
    users,
    policies,
    org,
    bookings,
    reminders,
    services,
    parts,
    suppliers,
    fuel,
    routeJobs,
    routeTemplates,
    tms,
    tiles,
    schedules,
    maintenanceSettings,
  });
}
