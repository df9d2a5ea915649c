import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { existingUserIds } from "../users";
import { toPage, type ListQuery } from "../shared/listing";
import { toReminderDto } from "./maintenance.mapper";
import { maintenancePolicy } from "./maintenance.policy";
import { remindersRepo, type VehicleReading } from "./maintenance.repo";
import {
  completeReminderSchema,
  reminderInputSchema,
  type ReminderFilter,
  type ReminderInput,
} from "./maintenance.schema";
import { assertChosen, assertVisible, orgToday, visibleVehicles } from "./maintenance.vehicles";
import { checkAttachments, writeService, type Attachment } from "./records.service";
import { rearm, reminderState, type ReminderState } from "./reminder-status";
import type { ReminderRow, ReminderView } from "./reminder-view";

export type { ReminderView };

/** A reminder's state on `today` at the vehicle's reading (odometer and engine hours; none: 0). */
export function stateOf(
  r: ReminderRow,
  today: string,
  reading: Pick<VehicleReading, "odometer_km" | "engine_hours"> | undefined,
): ReminderState {
  return reminderState(
    {
      interval_days: r.interval_days,
      interval_km: r.interval_km,
      interval_hours: r.interval_hours,
      before_days: r.before_days,
      before_km: r.before_km,
      before_hours: r.before_hours,
      base_date: r.base_date,
      base_odometer_km: Number(r.base_odometer_km),
      base_engine_hours: Number(r.base_engine_hours),
      active: r.active,
      completed: r.completed_at !== null,
    },
    today,
    reading?.odometer_km ?? 0,
    reading?.engine_hours ?? 0,
  );
}

const viewOf = (
  r: ReminderRow,
  v: { registration: string; team_id: string | null },
  reading: VehicleReading | undefined,
  today: string,
): ReminderView => ({
  ...r,
  ...stateOf(r, today, reading),
  registration: v.registration,
  team_id: v.team_id,
  odometer_km: reading?.odometer_km ?? 0,
  engine_hours: reading?.engine_hours ?? null,
});

const ORDER = { overdue: 0, due: 1, due_soon: 2, ok: 3, inactive: 4, done: 5 } as const;

/** A page of reminders as screens and the API see them. */
export async function listReminders(ctx: AppContext, p: Principal, filter: ReminderFilter, q: ListQuery) {
  const page = await listReminderViews(ctx, p, filter, q);
  return { ...page, items: page.items.map(toReminderDto) };
}

/** The raw views behind the list (reports read their row fields). */
export async function listReminderViews(ctx: AppContext, p: Principal, filter: ReminderFilter, q: ListQuery) {
  maintenancePolicy.read(p);
  const visible = await visibleVehicles(ctx, p);
  let ids = [...visible.keys()];
  if (filter.vehicle_id) ids = ids.filter((id) => id === filter.vehicle_id);
  if (filter.team_id) ids = ids.filter((id) => visible.get(id)!.team_id === filter.team_id);
  const [rows, readings, today] = await Promise.all([
    remindersRepo.list(ctx.db, p.orgId, ids, { kind: filter.kind }),
    remindersRepo.readings(ctx.db, p.orgId, ids),
    orgToday(ctx, p.orgId),
  ]);
  let views: ReminderView[] = rows.map((r) => viewOf(r, visible.get(r.vehicle_id)!, readings.get(r.vehicle_id), today));
  if (filter.status) views = views.filter((v) => v.status === filter.status);
  if (q.q) {
    const needle = q.q.toLowerCase();
    views = views.filter((v) => v.name.toLowerCase().includes(needle) || v.registration.toLowerCase().includes(needle));
  }
  views.sort(
    (a, b) =>
      ORDER[a.status] - ORDER[b.status] ||
      (a.daysLeft ?? Infinity) - (b.daysLeft ?? Infinity) ||
      a.registration.localeCompare(b.registration),
  );
  const counts = { overdue: 0, due: 0, due_soon: 0, ok: 0, inactive: 0, done: 0 };
  for (const v of views) counts[v.status]++;
  return { ...toPage(views.slice((q.page - 1) * q.size, q.page * q.size), views.length, q), counts };
}

export async function getReminder(ctx: AppContext, p: Principal, id: string) {
  return toReminderDto(await reminderView(ctx, p, id));
}

/** One reminder's raw view (its row, state and reading), for the service's own writes. */
export async function reminderView(ctx: AppContext, p: Principal, id: string): Promise<ReminderView> {
  maintenancePolicy.read(p);
  const row = await remindersRepo.find(ctx.db, p.orgId, id);
  if (!row) throw notFound("reminder");
  const v = await assertVisible(ctx, p, row.vehicle_id, "reminder");
  const reading = (await remindersRepo.readings(ctx.db, p.orgId, [row.vehicle_id])).get(row.vehicle_id);
  return viewOf(row, v, reading, await orgToday(ctx, p.orgId));
}

async function checkResponsible(ctx: AppContext, p: Principal, id: string | null | undefined) {
  if (id && !(await existingUserIds(ctx, p.orgId, [id])).size)
    throw new AppError("VALIDATION", "Unknown user", { field: "responsible_user_id" });
}

const terms = (input: ReminderInput) => ({
  name: input.name,
  kind: input.kind,
  interval_days: input.interval_days ?? null,
  interval_km: input.interval_km ?? null,
  interval_hours: input.interval_hours ?? null,
  before_days: input.before_days ?? 0,
  before_km: input.before_km ?? 0,
  before_hours: input.before_hours ?? 0,
  repeat: input.repeat,
  active: input.active,
  base_date: input.base_date,
  responsible_user_id: input.responsible_user_id ?? null,
  notes: input.notes ?? null,
});

/** One reminder per chosen vehicle; a blank start odometer (engine hours) is each vehicle's current one. */
export async function createReminders(ctx: AppContext, p: Principal, raw: unknown) {
  maintenancePolicy.write(p);
  const input = reminderInputSchema.parse(raw);
  const ids = [...new Set(input.vehicle_ids)];
  await assertChosen(ctx, p, ids, "vehicle_ids");
  await checkResponsible(ctx, p, input.responsible_user_id);
  const readings = await remindersRepo.readings(ctx.db, p.orgId, ids);
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await remindersRepo.insert(
      trx,
      ids.map((vehicleId) => ({
        org_id: p.orgId,
        vehicle_id: vehicleId,
        ...terms(input),
        base_odometer_km: input.base_odometer_km ?? readings.get(vehicleId)?.odometer_km ?? 0,
        base_engine_hours: input.base_engine_hours ?? readings.get(vehicleId)?.engine_hours ?? 0,
      })),
    );
    for (const row of rows)
      await audit.record(trx, p, { entity: "maintenance_reminder", id: row.id, action: "create", after: row });
    return rows;
  });
}

/** Edits one reminder (one vehicle); the service parses after finding it, so another organisation's id is 404 first. */
export async function updateReminder(ctx: AppContext, p: Principal, id: string, raw: unknown) {
  maintenancePolicy.write(p);
  const before = await reminderView(ctx, p, id);
  const input = reminderInputSchema.parse(raw);
  if (new Set(input.vehicle_ids).size !== 1) throw new AppError("VALIDATION", "One vehicle", { field: "vehicle_ids" });
  await assertChosen(ctx, p, input.vehicle_ids, "vehicle_ids");
  await checkResponsible(ctx, p, input.responsible_user_id);
  const vehicleId = input.vehicle_ids[0];
  const sameVehicle = vehicleId === before.vehicle_id;
  const reading = sameVehicle ? undefined : (await remindersRepo.readings(ctx.db, p.orgId, [vehicleId])).get(vehicleId);
  const odometer =
    input.base_odometer_km ?? (sameVehicle ? Number(before.base_odometer_km) : (reading?.odometer_km ?? 0));
  const hours =
    input.base_engine_hours ?? (sameVehicle ? Number(before.base_engine_hours) : (reading?.engine_hours ?? 0));
  return ctx.db.transaction().execute(async (trx) => {
    const row = await remindersRepo.update(trx, p.orgId, id, {
      vehicle_id: vehicleId,
      ...terms(input),
      base_odometer_km: odometer,
      base_engine_hours: hours,
    });
    if (!row) throw notFound("reminder");
    await audit.record(trx, p, { entity: "maintenance_reminder", id, action: "update", before, after: row });
    return row;
  });
}

export async function deleteReminder(ctx: AppContext, p: Principal, id: string) {
  maintenancePolicy.write(p);
  const before = await reminderView(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await remindersRepo.delete(trx, p.orgId, id))) throw notFound("reminder");
    await audit.record(trx, p, { entity: "maintenance_reminder", id, action: "delete", before });
  });
}

/**
 * Completing records a service (type = the reminder's name) and, for a repeating reminder, re-arms it from the
 * completion day, odometer and engine hours (the entered ones, else the current ones) in a new cycle; otherwise it is done.
 */
export async function completeReminder(
  ctx: AppContext,
  p: Principal,
  id: string,
  raw: unknown,
  attachments: Attachment[] = [],
) {
  maintenancePolicy.write(p);
  const reminder = await reminderView(ctx, p, id);
  const input = completeReminderSchema.parse(raw);
  checkAttachments(attachments);
  const reading = (await remindersRepo.readings(ctx.db, p.orgId, [reminder.vehicle_id])).get(reminder.vehicle_id);
  const odometer = input.odometer_km ?? reading?.odometer_km ?? 0;
  const hours = input.engine_hours ?? reading?.engine_hours ?? null;
  return ctx.db.transaction().execute(async (trx) => {
    const service = await writeService(
      trx,
      p,
      {
        ...input,
        odometer_km: odometer,
        engine_hours: hours,
        vehicle_id: reminder.vehicle_id,
        service_type: reminder.name,
      },
      {
        reminderId: id,
        telematicsKm: reading?.telematics_km ?? null,
        attachments,
      },
    );
    const next = reminder.repeat
      ? { ...rearm(input.completed_on, odometer, hours ?? 0), cycle: reminder.cycle + 1 }
      : { completed_at: new Date(), cycle: reminder.cycle + 1 };
    const row = await remindersRepo.update(trx, p.orgId, id, next);
    await audit.record(trx, p, { entity: "maintenance_reminder", id, action: "update", before: reminder, after: row });
    return { service, reminder: row! };
  });
}
