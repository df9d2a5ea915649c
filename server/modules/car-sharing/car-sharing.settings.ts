import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { existingPlaceIds, geofenceOptions } from "../places";
import { type EffectiveRules, effectiveRules } from "./booking-rules";
import { carSharingPolicy } from "./car-sharing.policy";
import { carSharingSettingsRepo as repo } from "./car-sharing-settings.repo";
import {
  ALL_DAY,
  DEFAULT_RETURN_REST_MIN,
  bookingUserSchema,
  entrySchema,
  generalSettingsSchema,
  poolVehiclesSchema,
  specificRuleSchema,
  type AllowedHours,
} from "./car-sharing.schema";

export interface GeneralSettings extends EffectiveRules {
  reminder_min: number;
  no_show_grace_min: number;
  activate_on_ignition: boolean;
  return_rest_min: number;
}

export const DEFAULT_SETTINGS: GeneralSettings = {
  min_duration_min: 30,
  max_duration_min: 480,
  advance_days: 30,
  max_future_bookings: 3,
  min_lead_min: 0,
  reminder_min: 30,
  no_show_grace_min: 30,
  activate_on_ignition: false,
  return_rest_min: DEFAULT_RETURN_REST_MIN,
  allowed_hours: ALL_DAY,
};

/** The organisation's general settings (the defaults until saved once). */
export async function generalSettingsOf(ctx: AppContext, orgId: string): Promise<GeneralSettings> {
  const row = await repo.findSettings(ctx.db, orgId);
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    min_duration_min: row.min_duration_min,
    max_duration_min: row.max_duration_min,
    advance_days: row.advance_days,
    max_future_bookings: row.max_future_bookings,
    min_lead_min: row.min_lead_min,
    reminder_min: row.reminder_min,
    no_show_grace_min: row.no_show_grace_min,
    activate_on_ignition: row.activate_on_ignition,
    return_rest_min: row.return_rest_min,
    allowed_hours: row.allowed_hours as AllowedHours,
  };
}

/** The rules that apply to one user: general, overridden by the team's rule, overridden by the user's own. */
export async function rulesForUser(ctx: AppContext, orgId: string, userId: string): Promise<EffectiveRules> {
  const [general, { team, user }] = await Promise.all([
    generalSettingsOf(ctx, orgId),
    repo.rulesFor(ctx.db, orgId, userId),
  ]);
  const cols = (r: typeof team) => r && { ...r, allowed_hours: r.allowed_hours as AllowedHours | null };
  return effectiveRules(general, cols(team), cols(user));
}

export async function getGeneralSettings(ctx: AppContext, p: Principal) {
  carSharingPolicy.read(p);
  return generalSettingsOf(ctx, p.orgId);
}

export async function saveGeneralSettings(ctx: AppContext, p: Principal, fields: unknown) {
  carSharingPolicy.admin(p);
  const input = generalSettingsSchema.parse(fields);
  if (input.min_duration_min > input.max_duration_min)
    throw new AppError("BOOKING_SETTINGS_SAVE_FAILED", "Failed to save booking settings", {
      field: "min_duration_min",
    });
  return ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findSettings(trx, p.orgId);
    const row = await repo.saveSettings(trx, p.orgId, input);
    await audit.record(trx, p, { entity: "car_sharing_settings", id: p.orgId, action: "update", before, after: row });
    return row;
  });
}

/** Vehicles the principal may see, each with whether it is in the pool and its base (a geofence, for early returns). */
export async function poolVehicles(ctx: AppContext, p: Principal) {
  carSharingPolicy.read(p);
  const [rows, bases] = await Promise.all([repo.visibleVehicles(ctx.db, p), repo.poolBases(ctx.db, p.orgId)]);
  return rows.map((v) => ({ ...v, inPool: bases.has(v.id), basePlaceId: bases.get(v.id) ?? null }));
}

/** The geofences a pool vehicle's base may be. */
export async function baseOptions(ctx: AppContext, p: Principal) {
  carSharingPolicy.admin(p);
  return geofenceOptions(ctx, p.orgId);
}

/**
 * Saves the pool and each pool vehicle's base: a geofence of the organisation or none (an unknown one is
 * `VALIDATION` on `base_<vehicle>`; a vehicle whose base is not sent keeps it). Vehicles the principal cannot see keep
 * their membership and base.
 */
export async function savePoolVehicles(ctx: AppContext, p: Principal, fields: unknown) {
  carSharingPolicy.admin(p);
  const { vehicle_ids, bases } = poolVehiclesSchema.parse(fields);
  const visible = await poolVehicles(ctx, p);
  const visibleIds = new Set(visible.map((v) => v.id));
  // vehicles the principal cannot see keep their pool membership
  const keep = visible.length
    ? [...(await repo.poolVehicleIds(ctx.db, p.orgId))].filter((id) => !visibleIds.has(id))
    : [];
  // an id that is not one of the vehicles the principal sees is refused: silently dropping it would save a pool
  // the user never chose (a foreign id alone emptied the whole pool)
  const unknownIds = [...new Set(vehicle_ids.filter((id) => !visibleIds.has(id)))];
  if (unknownIds.length)
    throw new AppError("VEHICLE_UNKNOWN", "Not one of the organisation's vehicles", {
      field: "vehicle_ids",
      vehicle_ids: unknownIds,
    });
  const chosen = [...new Set(vehicle_ids)];
  const next = [...new Set([...chosen, ...keep])];
  // a vehicle whose base is not sent keeps it ("" is none)
  const wanted = chosen.filter((id) => id in bases).map((id) => [id, bases[id] ?? null] as const);
  const known = await existingPlaceIds(
    ctx,
    p.orgId,
    "geofence",
    wanted.flatMap(([, b]) => (b ? [b] : [])),
  );
  const unknown = wanted.find(([, b]) => b && !known.has(b));
  if (unknown) throw new AppError("VALIDATION", "Unknown geofence", { field: `base_${unknown[0]}` });
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.poolBases(trx, p.orgId);
    await repo.setPool(trx, p.orgId, next);
    for (const [id, base] of wanted) await repo.setBase(trx, p.orgId, id, base);
    await audit.record(trx, p, {
      entity: "car_sharing_settings",
      id: p.orgId,
      action: "update",
      before: { pool_vehicles: [...before.keys()], bases: Object.fromEntries(before) },
      after: { pool_vehicles: next, bases: Object.fromEntries(wanted) },
    });
  });
}

export async function bookingUsers(ctx: AppContext, p: Principal) {
  carSharingPolicy.admin(p);
  return repo.bookingUsers(ctx.db, p.orgId);
}

export async function saveBookingUser(ctx: AppContext, p: Principal, fields: unknown) {
  carSharingPolicy.admin(p);
  const input = bookingUserSchema.parse(fields);
  const users = await repo.bookingUsers(ctx.db, p.orgId);
  if (!users.some((u) => u.id === input.user_id)) throw notFound("user");
  await ctx.db.transaction().execute(async (trx) => {
    await repo.saveBookingUser(trx, p.orgId, input);
    await audit.record(trx, p, { entity: "car_sharing_settings", id: input.user_id, action: "update", after: input });
  });
}

/** May this user book (the users tab can take the right away)? */
export async function mayBook(ctx: AppContext, orgId: string, userId: string) {
  return (await repo.bookingUser(ctx.db, orgId, userId))?.may_book ?? true;
}

export async function notificationScope(ctx: AppContext, orgId: string, userId: string) {
  return (await repo.bookingUser(ctx.db, orgId, userId))?.notification_scope ?? "own";
}

export async function listEntries(ctx: AppContext, p: Principal, kind?: "purpose" | "destination") {
  carSharingPolicy.read(p);
  return repo.listEntries(ctx.db, p.orgId, kind);
}

export async function addEntry(ctx: AppContext, p: Principal, fields: unknown) {
  carSharingPolicy.admin(p);
  const input = entrySchema.parse(fields);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.insertEntry(trx, p.orgId, input);
    if (!row) throw new AppError("CONFLICT", "An entry with this label exists", { field: "label" });
    await audit.record(trx, p, { entity: "car_sharing_entry", id: row.id, action: "create", after: row });
    return row;
  });
}

/** Deleting a purpose that bookings use fails with the spec's delete failure (the foreign key refuses it). */
export async function deleteEntry(ctx: AppContext, p: Principal, id: string) {
  carSharingPolicy.admin(p);
  const before = await repo.findEntry(ctx.db, p.orgId, id);
  if (!before) throw notFound("entry");
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.deleteEntry(trx, p.orgId, id);
      await audit.record(trx, p, { entity: "car_sharing_entry", id, action: "delete", before });
    });
  } catch (err) {
    if ((err as { code?: string }).code === "23503")
      throw new AppError("PURPOSE_DELETE_FAILED", "Failed to delete the purpose: bookings use it");
    throw err;
  }
}

export async function listRules(ctx: AppContext, p: Principal) {
  carSharingPolicy.admin(p);
  return repo.listRules(ctx.db, p.orgId);
}

export async function saveRule(ctx: AppContext, p: Principal, fields: unknown) {
  carSharingPolicy.admin(p);
  const input = specificRuleSchema.parse(fields);
  if (!(await repo.ruleTargetExists(ctx.db, p.orgId, input)))
    throw new AppError("VALIDATION", "Unknown user or team", { field: input.user_id ? "user_id" : "team_id" });
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.upsertRule(trx, p.orgId, input);
    await audit.record(trx, p, { entity: "car_sharing_rule", id: row.id, action: "update", after: row });
    return row;
  });
}

export async function deleteRule(ctx: AppContext, p: Principal, id: string) {
  carSharingPolicy.admin(p);
  const before = await repo.findRule(ctx.db, p.orgId, id);
  if (!before) throw new AppError("RULE_DELETE_FAILED", "Failed to delete the rule");
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteRule(trx, p.orgId, id)))
      throw new AppError("RULE_DELETE_FAILED", "Failed to delete the rule");
    await audit.record(trx, p, { entity: "car_sharing_rule", id, action: "delete", before });
  });
}

/** Teams a specific rule may name. */
export async function teamOptions(ctx: AppContext, p: Principal) {
  carSharingPolicy.admin(p);
  return repo.teams(ctx.db, p.orgId);
}
