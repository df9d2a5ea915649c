import { sql, type Insertable } from "kysely";
import type { DB } from "../../db/database";
import type { RouteTemplateStopsTable } from "../../db/schema/route-planning";
import { importStaging } from "../shared/import-staging.repo";
import { likePattern, type ListQuery } from "../shared/listing";

/** Route settings, templates and their stops, imports and optimisations (jobs: route-jobs.repo.ts). */
export const routeSettingsRepo = {
  find(db: DB, orgId: string) {
    return db.selectFrom("route_settings").selectAll().where("org_id", "=", orgId).executeTakeFirst();
  },
  upsert(db: DB, orgId: string, v: { self_assign_radius_m: number; late_grace_min: number }) {
    return db
      .insertInto("route_settings")
      .values({ org_id: orgId, ...v })
      .onConflict((oc) => oc.column("org_id").doUpdateSet({ ...v, updated_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};

export type NewStop = Omit<Insertable<RouteTemplateStopsTable>, "org_id" | "template_id">;

export const templatesRepo = {
  async list(db: DB, orgId: string, q: ListQuery) {
    let base = db.selectFrom("route_templates").where("route_templates.org_id", "=", orgId);
    if (q.q) base = base.where("route_templates.name", "ilike", likePattern(q.q));
    const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
    const items = await base
      .selectAll("route_templates")
      .select(sql<string[]>`route_templates.dates::text[]`.as("dates"))
      .select((eb) =>
        eb
          .selectFrom("route_template_stops")
          .whereRef("template_id", "=", "route_templates.id")
          .select((e) => e.fn.countAll<number>().as("n"))
          .as("stops"),
      )
      .orderBy(sql`lower(name)`, q.dir)
      .orderBy("id")
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { items, total: Number(total) };
  },
  find(db: DB, orgId: string, id: string) {
    // date[] comes back as text (pg would build Date objects at local midnight); the last "dates" column wins
    return db
      .selectFrom("route_templates")
      .selectAll()
      .select(sql<string[]>`dates::text[]`.as("dates"))
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  stops(db: DB, orgId: string, templateId: string) {
    return db
      .selectFrom("route_template_stops")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("template_id", "=", templateId)
      .orderBy("arrival")
      .orderBy("position")
      .execute();
  },
  insert(
    db: DB,
    orgId: string,
    v: {
      name: string;
      driver_id: string | null;
      vehicle_id: string | null;
      days: number[];
      dates: string[];
      notes: string | null;
    },
  ) {
    return db
      .insertInto("route_templates")
      .values({ org_id: orgId, ...v })
      .returningAll()
      .returning(sql<string[]>`dates::text[]`.as("dates"))
      .executeTakeFirstOrThrow();
  },
  update(
    db: DB,
    orgId: string,
    id: string,
    v: {
      name: string;
      driver_id: string | null;
      vehicle_id: string | null;
      days: number[];
      dates: string[];
      notes: string | null;
    },
  ) {
    return db
      .updateTable("route_templates")
      .set({ ...v, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .returning(sql<string[]>`dates::text[]`.as("dates"))
      .executeTakeFirst();
  },
  async delete(db: DB, orgId: string, id: string) {
    const res = await db
      .deleteFrom("route_templates")
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },
  addStop(db: DB, orgId: string, templateId: string, v: NewStop) {
    return db
      .insertInto("route_template_stops")
      .values({ ...v, org_id: orgId, template_id: templateId })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  async deleteStop(db: DB, orgId: string, templateId: string, stopId: string) {
    const res = await db
      .deleteFrom("route_template_stops")
      .where("org_id", "=", orgId)
      .where("template_id", "=", templateId)
      .where("id", "=", stopId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },
};

/** Uploads waiting for their commit (a two-step import's staging table). */
export const routeImportsRepo = importStaging("route_imports");

export const optimizationsRepo = {
  insert(db: DB, orgId: string, v: { day: string; created_by: string }) {
    return db
      .insertInto("route_optimizations")
      .values({ org_id: orgId, ...v, progress: "{}" })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  find(db: DB, orgId: string, id: string) {
    return db
      .selectFrom("route_optimizations")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  latest(db: DB, orgId: string, day: string) {
    return db
      .selectFrom("route_optimizations")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("day", "=", day)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
  },
  update(
    db: DB,
    orgId: string,
    id: string,
    v: { status?: "running" | "draft" | "accepted" | "failed"; progress?: unknown; proposal?: unknown },
  ) {
    return db
      .updateTable("route_optimizations")
      .set({
        ...(v.status ? { status: v.status } : {}),
        ...(v.progress !== undefined ? { progress: JSON.stringify(v.progress) } : {}),
        ...(v.proposal !== undefined ? { proposal: JSON.stringify(v.proposal) } : {}),
        updated_at: sql`now()`,
      })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .execute();
  },
};

/** The live ETA's jobs: a day's jobs not finished, of one organisation (the vehicles' positions come from positions). */
export const liveEtaRepo = {
  remainingJobs(db: DB, orgId: string, vehicleIds: readonly string[], day: string) {
    if (!vehicleIds.length) return Promise.resolve([]);
    return db
      .selectFrom("route_jobs")
      .select([
        "id",
        "vehicle_id",
        "status",
        "latitude",
        "longitude",
        "scheduled_date",
        "scheduled_arrival",
        "scheduled_departure",
        "planned_sequence",
        "arrived_at",
      ])
      .where("org_id", "=", orgId)
      .where("vehicle_id", "in", [...vehicleIds])
      .where("scheduled_date", "=", day)
      .where("status", "<>", "finished")
      .execute();
  },
};
