import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { addDays, daysBetween } from "../../shared/dates";
import type { Principal } from "../access/principal";
import { visibleVehicleIds } from "../access/vehicle-scope";
import { audit } from "../audit";
import { getPlace } from "../places";
import { toPage, type ListQuery } from "../shared/listing";
import { assignableDrivers } from "../users";
import { isoWeekday } from "./job-rules";
import { routeJobsRepo, type NewJob } from "./route-jobs.repo";
import { routePlanningPolicy } from "./route-planning.policy";
import { templatesRepo } from "./route-planning.repo";
import {
  generateInputSchema,
  MAX_OCCURRENCES,
  stopInputSchema,
  templateInputSchema,
  type StopInput,
  type TemplateInput,
} from "./route-planning.schema";

export type RouteTemplate = NonNullable<Awaited<ReturnType<typeof templatesRepo.find>>>;

export async function listTemplates(ctx: AppContext, p: Principal, q: ListQuery) {
  routePlanningPolicy.read(p);
  const { items, total } = await templatesRepo.list(ctx.db, p.orgId, q);
  return toPage(items, total, q);
}

export async function getTemplate(ctx: AppContext, p: Principal, id: string) {
  routePlanningPolicy.read(p);
  const template = await templatesRepo.find(ctx.db, p.orgId, id);
  if (!template) throw notFound("template");
  return { ...template, stops: await templatesRepo.stops(ctx.db, p.orgId, id) };
}

async function checkAssignment(
  ctx: AppContext,
  p: Principal,
  v: { driver_id?: string | null; vehicle_id?: string | null },
) {
  if (v.driver_id && !(await assignableDrivers(ctx, p, null)).some((d) => d.id === v.driver_id))
    throw new AppError("VALIDATION", "Unknown driver", { field: "driver_id" });
  if (v.vehicle_id && !(await visibleVehicleIds(ctx.db, p, [v.vehicle_id])).has(v.vehicle_id))
    throw new AppError("VALIDATION", "Unknown vehicle", { field: "vehicle_id" });
}

const templateRow = (v: TemplateInput) => ({
  name: v.name,
  driver_id: v.driver_id ?? null,
  vehicle_id: v.vehicle_id ?? null,
  days: v.days,
  dates: v.dates,
  notes: v.notes ?? null,
});

export async function createTemplate(ctx: AppContext, p: Principal, raw: TemplateInput | Record<string, unknown>) {
  routePlanningPolicy.write(p);
  const input = templateInputSchema.parse(raw);
  await checkAssignment(ctx, p, input);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await templatesRepo.insert(trx, p.orgId, templateRow(input));
    await audit.record(trx, p, { entity: "route_template", id: row.id, action: "create", after: row });
    return row;
  });
}

export async function updateTemplate(
  ctx: AppContext,
  p: Principal,
  id: string,
  raw: TemplateInput | Record<string, unknown>,
) {
  routePlanningPolicy.write(p);
  const before = await getTemplate(ctx, p, id);
  const input = templateInputSchema.parse(raw);
  await checkAssignment(ctx, p, input);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await templatesRepo.update(trx, p.orgId, id, templateRow(input));
    if (!row) throw notFound("template");
    await audit.record(trx, p, { entity: "route_template", id, action: "update", before, after: row });
    return row;
  });
}

export async function deleteTemplate(ctx: AppContext, p: Principal, id: string) {
  routePlanningPolicy.write(p);
  const before = await getTemplate(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await templatesRepo.delete(trx, p.orgId, id))) throw notFound("template");
    await audit.record(trx, p, { entity: "route_template", id, action: "delete", before });
  });
}

export async function addStop(
  ctx: AppContext,
  p: Principal,
  templateId: string,
  raw: StopInput | Record<string, unknown>,
) {
  routePlanningPolicy.write(p);
  const template = await getTemplate(ctx, p, templateId);
  const input = stopInputSchema.parse(raw);
  let lat = input.latitude ?? null;
  let lon = input.longitude ?? null;
  if (input.place_id) {
    const place = await getPlace(ctx, p, "poi", input.place_id)
      .catch(() => getPlace(ctx, p, "geofence", input.place_id!))
      .catch(() => {
        throw new AppError("VALIDATION", "Unknown place", { field: "place_id" });
      });
    if (lat == null || lon == null) {
      lat = place.latitude;
      lon = place.longitude;
    }
  }
  return templatesRepo.addStop(ctx.db, p.orgId, templateId, {
    name: input.name,
    place_id: input.place_id ?? null,
    address: input.address ?? null,
    latitude: lat!,
    longitude: lon!,
    contact_name: input.contact_name ?? null,
    contact_phone: input.contact_phone ?? null,
    notes: input.notes ?? null,
    arrival: input.arrival,
    departure: input.departure,
    position: template.stops.length,
  });
}

export async function deleteStop(ctx: AppContext, p: Principal, templateId: string, stopId: string) {
  routePlanningPolicy.write(p);
  await getTemplate(ctx, p, templateId);
  if (!(await templatesRepo.deleteStop(ctx.db, p.orgId, templateId, stopId))) throw notFound("stop");
}

/** Scheduled jobs from a template: each stop on each day of the period that is one of its weekdays or dates. */
export async function generateFromTemplate(
  ctx: AppContext,
  p: Principal,
  id: string,
  raw: { from: string; to: string } | Record<string, unknown>,
) {
  routePlanningPolicy.write(p);
  const template = await getTemplate(ctx, p, id);
  const { from, to } = generateInputSchema.parse(raw);
  if (daysBetween(from, to) + 1 > MAX_OCCURRENCES)
    throw new AppError("VALIDATION", "The period is too long", { field: "to" });
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (template.days.includes(isoWeekday(d)) || template.dates.includes(d)) days.push(d);
  }
  const rows: NewJob[] = days.flatMap((day) =>
    template.stops.map((s) => ({
      name: s.name,
      place_id: s.place_id,
      address: s.address,
      latitude: s.latitude,
      longitude: s.longitude,
      contact_name: s.contact_name,
      contact_phone: s.contact_phone,
      notes: s.notes,
      scheduled_date: day,
      scheduled_arrival: s.arrival,
      scheduled_departure: s.departure,
      driver_id: template.driver_id,
      vehicle_id: template.vehicle_id,
      template_id: template.id,
      recurrence_days: template.days,
    })),
  );
  if (!rows.length) return 0;
  await ctx.db.transaction().execute(async (trx) => {
    await routeJobsRepo.insertMany(trx, p.orgId, rows);
    await audit.record(trx, p, {
      entity: "route_template",
      id,
      action: "import",
      after: { from, to, jobs: rows.length },
    });
  });
  return rows.length;
}
