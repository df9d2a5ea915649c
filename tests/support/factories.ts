import type { TelematicsProtocol } from "../../server/shared/device-contract";
import { randomInt, randomUUID } from "node:crypto";
import type { AppContext } from "../../server/context";
import type { RoleKey } from "../../server/modules/access/permissions";
import type { Principal } from "../../server/modules/access/principal";
import { createOrderRow } from "../../server/modules/tms/orders.service";
import { createDepot } from "../../server/modules/tms/tms.settings";
import { hashPassword } from "../../server/security/passwords";
import { createTestOrg, uniqueEmail, type TestOrg } from "./context";
import { dayFromToday } from "./days";

/**
 * Test data factories: each creates one record with sensible defaults and creates the parents it needs
 * but was not given (a vehicle without `org` gets a fresh organisation; a policy without vehicles covers
 * all of them). Rows go in through the database, like the seed, so a factory never depends on the rule
 * a test checks.
 */

/** A 15-digit identifier nobody else in the shared test database uses. */
export const randomImei = () =>
  `86${String(randomInt(0, 1e9)).padStart(9, "0")}${String(randomInt(0, 1e4)).padStart(4, "0")}`;

const short = () => randomUUID().slice(0, 6);

export type Protocol = TelematicsProtocol;

export function createOrganisation(
  ctx: AppContext,
  opts: { name?: string; operator?: boolean; demo?: boolean } = {},
): Promise<TestOrg> {
  return createTestOrg(ctx, opts);
}

export async function createTeam(ctx: AppContext, opts: { org?: TestOrg; name?: string } = {}) {
  const org = opts.org ?? (await createOrganisation(ctx));
  const team = await ctx.db
    .insertInto("teams")
    .values({ org_id: org.orgId, name: opts.name ?? `Team ${short()}` })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...team, org };
}

export interface UserOptions {
  org?: TestOrg;
  role?: RoleKey;
  /** a team id; "new" creates one */
  team?: string | "new" | null;
  email?: string | null;
  password?: string;
  firstName?: string;
  lastName?: string;
  driver?: boolean;
  language?: "al" | "en";
  active?: boolean;
}

/** A person: a user who signs in (e-mail and password) unless `email: null`; `driver` makes them a driver. */
export async function createUser(ctx: AppContext, opts: UserOptions = {}) {
  const org = opts.org ?? (await createOrganisation(ctx));
  const teamId = opts.team === "new" ? (await createTeam(ctx, { org })).id : (opts.team ?? null);
  const email = opts.email === undefined ? uniqueEmail(opts.role ?? "user") : opts.email;
  const password = opts.password ?? "test-password-1";
  const user = await ctx.db
    .insertInto("users")
    .values({
      org_id: org.orgId,
      email,
      password_hash: email ? await hashPassword(password) : null,
      first_name: opts.firstName ?? "Test",
      last_name: opts.lastName ?? `Person ${short()}`,
      role_id: org.roles[opts.role ?? (opts.driver ? "driver" : "viewer")],
      team_id: teamId,
      is_driver: opts.driver ?? opts.role === "driver",
      default_language: opts.language ?? "en",
      active: opts.active ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...user, org, password };
}

export const createDriver = (ctx: AppContext, opts: Omit<UserOptions, "driver"> = {}) =>
  createUser(ctx, { email: null, ...opts, role: opts.role ?? "driver", driver: true });

export interface VehicleOptions {
  org?: TestOrg;
  registration?: string;
  category?: "Truck" | "Van" | "Car";
  team?: string | "new" | null;
  driver?: string | "new" | null;
  /** true: a fresh Teltonika IMEI; or the protocol and, optionally, the identifier */
  device?: boolean | Protocol | { protocol: Protocol; imei?: string };
}

type ImeiOf<O extends VehicleOptions> = O["device"] extends undefined | false ? null : string;

/** A vehicle, with a device when asked; `imei` is null without one. */
export async function createVehicle<O extends VehicleOptions>(ctx: AppContext, opts: O = {} as O) {
  const org = opts.org ?? (await createOrganisation(ctx));
  const teamId = opts.team === "new" ? (await createTeam(ctx, { org })).id : (opts.team ?? null);
  const driverId = opts.driver === "new" ? (await createDriver(ctx, { org, team: teamId })).id : (opts.driver ?? null);
  const device =
    opts.device === true
      ? { protocol: "teltonika" as const }
      : typeof opts.device === "string"
        ? { protocol: opts.device }
        : opts.device || null;
  const imei = device
    ? (device.imei ?? (device.protocol === "osmand" ? `osm-${short()}${short()}` : randomImei()))
    : null;
  const vehicle = await ctx.db
    .insertInto("vehicles")
    .values({
      org_id: org.orgId,
      registration: opts.registration ?? `T${randomInt(100, 999)} ${short().toUpperCase()}`,
      category: opts.category ?? "Van",
      team_id: teamId,
      driver_id: driverId,
      device_imei: imei,
      device_protocol: device?.protocol ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...vehicle, imei: imei as ImeiOf<O>, org };
}

export interface PlaceOptions {
  org?: TestOrg;
  name?: string;
  category?: string;
  /** a circle geofence of `radiusM` round the point, or a point of interest */
  kind?: "poi" | "geofence";
  lat?: number;
  lon?: number;
  radiusM?: number;
}

export async function createPlace(ctx: AppContext, opts: PlaceOptions = {}) {
  const org = opts.org ?? (await createOrganisation(ctx));
  const lat = opts.lat ?? 41.3275;
  const lon = opts.lon ?? 19.8187;
  const kind = opts.kind ?? "poi";
  const r = kind === "geofence" ? (opts.radiusM ?? 200) : 0;
  const dLat = r / 111_320;
  const dLon = r / (111_320 * Math.cos((lat * Math.PI) / 180));
  const place = await ctx.db
    .insertInto("places")
    .values({
      org_id: org.orgId,
      kind,
      shape: kind === "geofence" ? "circle" : "point",
      name: opts.name ?? `Place ${short()}`,
      category: opts.category ?? "Depot",
      latitude: lat,
      longitude: lon,
      radius_m: kind === "geofence" ? r : null,
      polygon: null,
      min_lat: lat - dLat,
      max_lat: lat + dLat,
      min_lon: lon - dLon,
      max_lon: lon + dLon,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...place, org };
}

export interface AlertPolicyOptions {
  org?: TestOrg;
  name?: string;
  type?: "speeding" | "ignition_on" | "ignition_off" | "idling" | "geofence_enter" | "geofence_exit" | "unseen";
  speedLimitKmh?: number;
  durationMin?: number;
  /** none: every vehicle of the organisation */
  vehicleIds?: string[];
  geofenceIds?: string[];
  /** in-app recipients; none: the organisation's administrator */
  recipientIds?: string[];
  emails?: string[];
}

/** An active alert policy, every day, all day, links in their tables (triggers bump the rules' version for the engine). */
export async function createAlertPolicy(ctx: AppContext, opts: AlertPolicyOptions = {}) {
  const org = opts.org ?? (await createOrganisation(ctx));
  const type = opts.type ?? "speeding";
  const recipients = opts.recipientIds ?? [org.adminId];
  const policy = await ctx.db
    .insertInto("alert_policies")
    .values({
      org_id: org.orgId,
      name: opts.name ?? `Policy ${short()}`,
      alert_type: type,
      active: true,
      all_vehicles: !opts.vehicleIds?.length,
      all_geofences: !opts.geofenceIds?.length,
      speed_limit_kmh: type === "speeding" ? (opts.speedLimitKmh ?? 90) : null,
      duration_min: type === "idling" || type === "unseen" ? (opts.durationMin ?? 10) : null,
      days: [0, 1, 2, 3, 4, 5, 6],
      notify_in_app: recipients.length > 0,
      notify_email: Boolean(opts.emails?.length),
      emails: opts.emails ?? [],
      created_by: org.adminId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const link = async (
    table: "alert_policy_vehicles" | "alert_policy_geofences" | "alert_policy_recipients",
    col: string,
    ids: string[],
  ) => {
    if (ids.length)
      await ctx.db
        .insertInto(table)
        .values(ids.map((id) => ({ org_id: org.orgId, policy_id: policy.id, [col]: id })) as never)
        .execute();
  };
  await link("alert_policy_vehicles", "vehicle_id", opts.vehicleIds ?? []);
  await link("alert_policy_geofences", "place_id", opts.geofenceIds ?? []);
  await link("alert_policy_recipients", "user_id", recipients);
  return { ...policy, org };
}

/**
 * Gives the first `n` vehicles of an organisation (by registration; of one team when `teamId` is given) a fresh
 * device identifier; returns [{ id, imei, team_id, registration }].
 */
export async function attachDevices(
  ctx: AppContext,
  orgId: string,
  n: number,
  protocol: "teltonika" | "gt06" | "osmand" | "h02" = "teltonika",
  opts: { teamId?: string } = {},
) {
  let query = ctx.db
    .selectFrom("vehicles")
    .select(["id", "team_id", "registration"])
    .where("org_id", "=", orgId)
    .orderBy("registration")
    .limit(n);
  if (opts.teamId) query = query.where("team_id", "=", opts.teamId);
  const vehicles = await query.execute();
  const out = [];
  for (const v of vehicles) {
    const imei = randomImei();
    await ctx.db
      .updateTable("vehicles")
      .set({ device_imei: imei, device_protocol: protocol })
      .where("id", "=", v.id)
      .execute();
    out.push({ ...v, imei });
  }
  return out;
}

/** `count` vehicles without devices in one insert, registrations from `registration(i)` (large fleets). */
export function createVehicles(
  ctx: AppContext,
  opts: { org: TestOrg; count: number; registration: (i: number) => string; category?: "Truck" | "Van" | "Car" },
) {
  return ctx.db
    .insertInto("vehicles")
    .values(
      Array.from({ length: opts.count }, (_, i) => ({
        org_id: opts.org.orgId,
        registration: opts.registration(i),
        category: opts.category ?? "Car",
      })),
    )
    .returningAll()
    .execute();
}

// TMS: orders and depots go in through the TMS services (an order needs its geocoded point, a depot its settings).
let tmsCounter = 0;
const TIRANA = { latitude: 41.3275, longitude: 19.8187 };

/** A transport order of the principal's organisation; a unique order id unless given. */
export function createTmsOrder(ctx: AppContext, p: Principal, over: Record<string, unknown> = {}) {
  tmsCounter++;
  return createOrderRow(ctx, p, {
    order_id: `ORD-${Date.now().toString(36)}-${tmsCounter}`,
    customer_code: `C${tmsCounter}`,
    customer_name: `Customer ${tmsCounter}`,
    latitude: String(TIRANA.latitude + ((tmsCounter % 17) - 8) * 0.004),
    longitude: String(TIRANA.longitude + ((tmsCounter % 13) - 6) * 0.004),
    packets: "2",
    weight: "10",
    delivery_date_at: dayFromToday(1),
    ...over,
  });
}

export const createTmsDepot = (ctx: AppContext, p: Principal, name = `Depot ${++tmsCounter}`) =>
  createDepot(ctx, p, { name, latitude: String(TIRANA.latitude), longitude: String(TIRANA.longitude) });

/** A truck (a vehicle of category Truck) of `org`. */
export const createTruck = (ctx: AppContext, org: TestOrg, opts: VehicleOptions = {}) =>
  createVehicle(ctx, { org, category: "Truck", ...opts });
