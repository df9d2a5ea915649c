import { sql } from "kysely";
import type { DB } from "../../db/database";
import { importStaging } from "../shared/import-staging.repo";
import { likePattern, type ListQuery } from "../shared/listing";
import type { ExportPlace } from "./places.formats";

const SORTS = { name: "name", category: "category", city: "city", updated: "updated_at" } as const;
export type PlaceSort = keyof typeof SORTS;
export type PlaceKind = ExportPlace["kind"];

/** A place as stored: the exported fields plus its bounding box for fast prefiltering. */
export interface PlaceRecord extends ExportPlace {
  min_lat: number;
  max_lat: number;
  min_lon: number;
  max_lon: number;
}

const toRow = (r: PlaceRecord) => ({ ...r, polygon: r.polygon ? JSON.stringify(r.polygon) : null });

export const placesRepo = {
  /** Geofences as options (alert policies pick them). */
  geofenceOptions(db: DB, orgId: string) {
    return db
      .selectFrom("places")
      .select(["id", "name", "category"])
      .where("org_id", "=", orgId)
      .where("kind", "=", "geofence")
      .orderBy("name")
      .execute();
  },
  placeOptions(db: DB, orgId: string, kind: PlaceKind) {
    return db
      .selectFrom("places")
      .select(["id", "name"])
      .where("org_id", "=", orgId)
      .where("kind", "=", kind)
      .orderBy("name")
      .execute();
  },
  async existingIds(db: DB, orgId: string, kind: PlaceKind, ids: readonly string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await db
      .selectFrom("places")
      .select("id")
      .where("org_id", "=", orgId)
      .where("kind", "=", kind)
      .where("id", "in", [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  },
  async list(db: DB, orgId: string, kind: PlaceKind, q: ListQuery, sort: PlaceSort, category?: string) {
    let base = db.selectFrom("places").where("org_id", "=", orgId).where("kind", "=", kind);
    if (q.q) {
      const like = likePattern(q.q);
      base = base.where((eb) =>
        eb.or([eb("name", "ilike", like), eb("category", "ilike", like), eb("city", "ilike", like)]),
      );
    }
    if (category) base = base.where(sql<string>`lower(category)`, "=", category.toLowerCase());
    const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
    const items = await base
      .selectAll()
      .orderBy(sql`${sql.ref(SORTS[sort])} ${sql.raw(q.dir)} nulls last`)
      .orderBy("id")
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { items, total: Number(total) };
  },
  listAll(db: DB, orgId: string, kind?: PlaceKind) {
    let query = db.selectFrom("places").selectAll().where("org_id", "=", orgId);
    if (kind) query = query.where("kind", "=", kind);
    return query.orderBy("kind", "desc").orderBy("name").orderBy("id").execute();
  },
  async categories(db: DB, orgId: string, kind: PlaceKind) {
    const rows = await db
      .selectFrom("places")
      .select("category")
      .distinct()
      .where("org_id", "=", orgId)
      .where("kind", "=", kind)
      .orderBy("category")
      .execute();
    return rows.map((r) => r.category);
  },
  findById(db: DB, orgId: string, kind: PlaceKind, id: string) {
    return db
      .selectFrom("places")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("kind", "=", kind)
      .where("id", "=", id)
      .executeTakeFirst();
  },
  insert(db: DB, orgId: string, r: PlaceRecord) {
    return db
      .insertInto("places")
      .values({ org_id: orgId, ...toRow(r) })
      .returningAll()
      .executeTakeFirstOrThrow();
  },
  async insertMany(db: DB, orgId: string, rows: PlaceRecord[]) {
    if (!rows.length) return 0;
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto("places")
        .values(rows.slice(i, i + 500).map((r) => ({ org_id: orgId, ...toRow(r) })))
        .execute();
    }
    return rows.length;
  },
  update(db: DB, orgId: string, kind: PlaceKind, id: string, r: PlaceRecord) {
    return db
      .updateTable("places")
      .set({ ...toRow(r), updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("kind", "=", kind)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },
  async delete(db: DB, orgId: string, kind: PlaceKind, id: string) {
    const res = await db
      .deleteFrom("places")
      .where("org_id", "=", orgId)
      .where("kind", "=", kind)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },
};

/** Uploads waiting for their commit (a two-step import's staging table). */
export const importsRepo = importStaging("place_imports");

/** A place as the repository reads it (the service and the mapper work on this). */
export type Place = NonNullable<Awaited<ReturnType<typeof placesRepo.findById>>>;
