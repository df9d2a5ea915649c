import { sql, type Insertable, type Updateable } from "kysely";
import type { DB } from "../../db/database";
import type { RouteJobsTable } from "../../db/schema/route-planning";
import type { Principal } from "../access/principal";
import { likePattern, type ListQuery } from "../shared/listing";
import { userSql } from "../users";

export type NewJob = Omit<Insertable<RouteJobsTable>, "org_id">;
export type JobPatch = Updateable<RouteJobsTable>;

const JOB_COLUMNS = [
  "route_jobs.id",
  "route_jobs.series_id",
  "route_jobs.template_id",
  "route_jobs.name",
  "route_jobs.place_id",
  "route_jobs.address",
  "route_jobs.latitude",
  "route_jobs.longitude",
  "route_jobs.contact_name",
  "route_jobs.contact_phone",
  "route_jobs.notes",
  "route_jobs.scheduled_date",
  "route_jobs.scheduled_arrival",
  "route_jobs.scheduled_departure",
  "route_jobs.recurrence_days",
  "route_jobs.driver_id",
  "route_jobs.vehicle_id",
  "route_jobs.status",
  "route_jobs.arrived_at",
  "route_jobs.departed_at",
  "route_jobs.checkin_source",
  "route_jobs.checkout_source",
  "route_jobs.checkin_distance_m",
  "route_jobs.checkout_distance_m",
  "route_jobs.late_alerted_at",
  "route_jobs.missed_alerted_at",
  "route_jobs.planned_sequence",
  "route_jobs.planned_arrival",
  "route_jobs.created_at",
  "route_jobs.updated_at",
] as const;

/** Jobs with their vehicle's registration and driver's name, for lists, maps and the API. */
function jobsQuery(db: DB, orgId: string) {
  return db
    .selectFrom("route_jobs")
    .leftJoin("vehicles", (j) =>
      j.onRef("vehicles.id", "=", "route_jobs.vehicle_id").onRef("vehicles.org_id", "=", "route_jobs.org_id"),
    )
    .leftJoin("users", (j) =>
      j.onRef("users.id", "=", "route_jobs.driver_id").onRef("users.org_id", "=", "route_jobs.org_id"),
    )
    .select(JOB_COLUMNS)
    .select(["vehicles.registration as vehicle_registration", userSql.fullNameOrNull("users").as("driver_name")])
    .where("route_jobs.org_id", "=", orgId);
}

/**
 * A job is visible when it has no vehicle or its vehicle is one the principal may see (teams, specific vehicles).
 */
function visibleTo<Q extends ReturnType<typeof jobsQuery>>(q: Q, p: Principal): Q {
  if (p.teamIds === "all" && p.vehicleIds === null) return q;
  return q.where((eb) => {
    const conds = [];
    if (p.teamIds !== "all")
      conds.push(p.teamIds.length ? eb("vehicles.team_id", "in", [...p.teamIds]) : eb.val(false));
    if (p.vehicleIds !== null)
      conds.push(p.vehicleIds.length ? eb("vehicles.id", "in", [...p.vehicleIds]) : eb.val(false));
    return eb.or([eb("route_jobs.vehicle_id", "is", null), eb.and(conds)]);
  }) as Q;
}

const SORTS = {
  date: "route_jobs.scheduled_date",
  name: "route_jobs.name",
  status: "route_jobs.status",
  vehicle: "vehicles.registration",
} as const;
export type JobSort = keyof typeof SORTS;

export interface JobFilter {
  from?: string | null;
  to?: string | null;
  status?: string | null;
  vehicleId?: string | null;
  driverId?: string | null;
}

export const routeJobsRepo = {
  async list(db: DB, p: Principal, q: ListQuery, sort: JobSort, f: JobFilter) {
    let base = visibleTo(jobsQuery(db, p.orgId), p);
    if (q.q) {
      const like = likePattern(q.q);
      base = base.where((eb) =>
        eb.or([
          eb("route_jobs.name", "ilike", like),
          eb("route_jobs.address", "ilike", like),
          eb("route_jobs.contact_name", "ilike", like),
        ]),
      );
    }
    if (f.from) base = base.where("route_jobs.scheduled_date", ">=", f.from);
    if (f.to) base = base.where("route_jobs.scheduled_date", "<=", f.to);
    if (f.status) base = base.where("route_jobs.status", "=", f.status as never);
    if (f.vehicleId) base = base.where("route_jobs.vehicle_id", "=", f.vehicleId);
    if (f.driverId) base = base.where("route_jobs.driver_id", "=", f.driverId);
    const [{ total }] = await base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .execute();
    const items = await base
      .orderBy(sql`${sql.ref(SORTS[sort])} ${sql.raw(q.dir)} nulls last`)
      .orderBy("route_jobs.scheduled_arrival")
      .orderBy("route_jobs.id")
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { items, total: Number(total) };
  },
  /** A day's jobs (dispatch map, scheduler, optimisation). */
  day(db: DB, p: Principal, day: string) {
    return visibleTo(jobsQuery(db, p.orgId), p)
      .where("route_jobs.scheduled_date", "=", day)
      .orderBy("route_jobs.scheduled_arrival")
      .orderBy("route_jobs.id")
      .execute();
  },
  /** The jobs assigned to a driver on a day (the phone's list): the optimised route's order first, then the rest by schedule. */
  forDriver(db: DB, orgId: string, driverId: string, day: string) {
    return jobsQuery(db, orgId)
      .where("route_jobs.driver_id", "=", driverId)
      .where("route_jobs.scheduled_date", "=", day)
      .orderBy(sql`route_jobs.planned_sequence nulls last`)
      .orderBy("route_jobs.scheduled_arrival")
      .orderBy("route_jobs.id")
      .execute();
  },
  /** Unassigned, not started jobs of a day inside a box round the phone (the distance is checked by the caller). */
  unassignedNear(
    db: DB,
    orgId: string,
    day: string,
    box: { minLat: number; maxLat: number; minLon: number; maxLon: number },
  ) {
    return jobsQuery(db, orgId)
      .where("route_jobs.scheduled_date", "=", day)
      .where("route_jobs.driver_id", "is", null)
      .where("route_jobs.vehicle_id", "is", null)
      .where("route_jobs.status", "=", "not_started")
      .where("route_jobs.latitude", ">=", box.minLat)
      .where("route_jobs.latitude", "<=", box.maxLat)
      .where("route_jobs.longitude", ">=", box.minLon)
      .where("route_jobs.longitude", "<=", box.maxLon)
      .orderBy("route_jobs.scheduled_arrival")
      .limit(200)
      .execute();
  },
  find(db: DB, orgId: string, id: string) {
    return jobsQuery(db, orgId).where("route_jobs.id", "=", id).executeTakeFirst();
  },
  /** Which of `ids` the principal may see (the lists' scope); ids of deleted jobs are left out. */
  async visibleIds(db: DB, p: Principal, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await visibleTo(jobsQuery(db, p.orgId), p)
      .where("route_jobs.id", "in", [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  },
  /** How many of `ids` exist in the organisation (visible or not). */
  async countExisting(db: DB, orgId: string, ids: readonly string[]): Promise<number> {
    if (!ids.length) return 0;
    const row = await db
      .selectFrom("route_jobs")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  async insertMany(db: DB, orgId: string, rows: NewJob[]) {
    const out: string[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = await db
        .insertInto("route_jobs")
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, org_id: orgId })))
        .returning("id")
        .execute();
      out.push(...chunk.map((r) => r.id));
    }
    return out;
  },
  update(db: DB, orgId: string, id: string, patch: JobPatch) {
    return db
      .updateTable("route_jobs")
      .set({ ...patch, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
  },
  /** Moves a job on only from the state it was read in (two check-ins racing: the second changes nothing). */
  transition(db: DB, orgId: string, id: string, from: string, patch: JobPatch) {
    return db
      .updateTable("route_jobs")
      .set({ ...patch, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .where("status", "=", from as never)
      .returning("id")
      .executeTakeFirst();
  },
  /** A driver takes an unassigned job, with the vehicle they drive (so its positions check the job in). */
  claim(db: DB, orgId: string, id: string, userId: string) {
    return db
      .updateTable("route_jobs")
      .set((eb) => ({
        driver_id: userId,
        vehicle_id: eb
          .selectFrom("vehicles")
          .select("vehicles.id")
          .where("vehicles.org_id", "=", orgId)
          .where("vehicles.driver_id", "=", userId)
          .orderBy("vehicles.registration")
          .limit(1),
        updated_at: sql`now()`,
      }))
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .where("driver_id", "is", null)
      .where("vehicle_id", "is", null)
      .returning("id")
      .executeTakeFirst();
  },
  /** Jobs onto a vehicle and the vehicle's own driver (an accepted optimisation); finished jobs stay as they were. */
  assignMany(db: DB, orgId: string, ids: readonly string[], vehicleId: string) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .updateTable("route_jobs")
      .set((eb) => ({
        vehicle_id: vehicleId,
        driver_id: eb
          .selectFrom("vehicles")
          .select("vehicles.driver_id")
          .where("vehicles.org_id", "=", orgId)
          .where("vehicles.id", "=", vehicleId),
        updated_at: sql`now()`,
      }))
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .where("status", "<>", "finished")
      .execute();
  },
  /** Forgets the optimised route of these jobs (a re-optimisation replaces it; finished jobs keep theirs as history). */
  clearPlan(db: DB, orgId: string, ids: readonly string[]) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .updateTable("route_jobs")
      .set({ planned_sequence: null, planned_arrival: null })
      .where("org_id", "=", orgId)
      .where("id", "in", [...ids])
      .where("status", "<>", "finished")
      .execute();
  },
  /**
   * Writes a vehicle's optimised route: its jobs numbered in the route's order after the plan its finished jobs of the
   * day already have, each with the optimiser's arrival. Only jobs now on that vehicle and not finished.
   */
  async setPlan(
    db: DB,
    orgId: string,
    vehicleId: string,
    day: string,
    stops: ReadonlyArray<{ id: string; arrival: string }>,
  ) {
    if (!stops.length) return;
    const done = await db
      .selectFrom("route_jobs")
      .select((eb) => eb.fn.max("planned_sequence").as("last"))
      .where("org_id", "=", orgId)
      .where("vehicle_id", "=", vehicleId)
      .where("scheduled_date", "=", day)
      .where("status", "=", "finished")
      .where(
        "id",
        "not in",
        stops.map((s) => s.id),
      )
      .executeTakeFirst();
    const base = Number(done?.last ?? 0);
    for (const [i, s] of stops.entries()) {
      await db
        .updateTable("route_jobs")
        .set({ planned_sequence: base + i + 1, planned_arrival: s.arrival })
        .where("org_id", "=", orgId)
        .where("id", "=", s.id)
        .where("vehicle_id", "=", vehicleId)
        .where("status", "<>", "finished")
        .execute();
    }
  },
  async delete(db: DB, orgId: string, id: string) {
    const res = await db.deleteFrom("route_jobs").where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },
  /** Open jobs of vehicles on the given days (the check-in hook's working set). */
  openForVehicles(db: DB, orgIds: readonly string[], days: readonly string[]) {
    if (!orgIds.length) return Promise.resolve([]);
    return db
      .selectFrom("route_jobs")
      .select(["id", "org_id", "vehicle_id", "latitude", "longitude", "status", "scheduled_date"])
      .where("org_id", "in", [...orgIds])
      .where("scheduled_date", "in", [...days])
      .where("vehicle_id", "is not", null)
      .where("status", "<>", "finished")
      .orderBy("scheduled_arrival")
      .execute();
  },
};

export type RouteJob = NonNullable<Awaited<ReturnType<typeof routeJobsRepo.find>>>;
