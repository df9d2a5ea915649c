import { sql, type Insertable, type Transaction } from "kysely";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";
import type { AlertType } from "../../db/schema/alerts";
import { likePattern, type ListQuery } from "../shared/listing";

const SORTS = { name: "p.name", type: "p.alert_type", updated: "p.updated_at", active: "p.active" } as const;
export type PolicySort = keyof typeof SORTS;

export interface PolicyLinks {
  vehicle_ids: string[];
  team_ids: string[];
  geofence_ids: string[];
  recipient_ids: string[];
}

export type PolicyRow = Awaited<ReturnType<typeof policiesRepo.findById>> & {};
type Conn = DB | Transaction<Database>;
/** Every policy column a save writes. */
export type PolicyColumns = Omit<
  Insertable<Database["alert_policies"]>,
  "id" | "org_id" | "created_at" | "updated_at" | "created_by"
>;

export const policiesRepo = {
  /** Which of `types` the organisation has a policy for, switched on or off (an off policy is a choice too). */
  async typesChosen(db: DB, orgId: string, types: readonly AlertType[]): Promise<Set<string>> {
    const rows = await db
      .selectFrom("alert_policies")
      .select("alert_type")
      .distinct()
      .where("org_id", "=", orgId)
      .where("alert_type", "in", [...types])
      .execute();
    return new Set(rows.map((r) => r.alert_type));
  },
  /** Organisations (of `orgIds`, or all) with a switched-on policy of one of the types. */
  async orgsWithActive(db: DB, types: readonly AlertType[], orgIds?: readonly string[]): Promise<string[]> {
    const rows = await db
      .selectFrom("alert_policies")
      .select("org_id")
      .distinct()
      .$if(orgIds !== undefined, (q) => q.where("org_id", "in", [...orgIds!]))
      .where("alert_type", "in", [...types])
      .where("active", "=", true)
      .execute();
    return rows.map((r) => r.org_id);
  },
  async list(db: DB, orgId: string, q: ListQuery, sort: PolicySort, type?: AlertType) {
    let base = db.selectFrom("alert_policies as p").where("p.org_id", "=", orgId);
    if (q.q) base = base.where("p.name", "ilike", likePattern(q.q));
    if (type) base = base.where("p.alert_type", "=", type);
    const [{ total }] = await base.select((eb) => eb.fn.countAll<number>().as("total")).execute();
    const items = await base
      .selectAll("p")
      .select([
        sql<number>`(SELECT count(*) FROM alert_policy_vehicles v WHERE v.policy_id = p.id)::int`.as("vehicle_count"),
        sql<number>`(SELECT count(*) FROM alert_policy_teams t WHERE t.policy_id = p.id)::int`.as("team_count"),
        sql<number>`(SELECT count(*) FROM alert_policy_recipients r WHERE r.policy_id = p.id)::int`.as(
          "recipient_count",
        ),
        sql<string | null>`(SELECT max(a.occurred_at) FROM alerts a WHERE a.policy_id = p.id)`.as("last_alert_at"),
      ])
      .orderBy(sql`${sql.ref(SORTS[sort])} ${sql.raw(q.dir)}`)
      .orderBy("p.id")
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { items, total: Number(total) };
  },

  findById(db: Conn, orgId: string, id: string) {
    return db
      .selectFrom("alert_policies")
      .selectAll()
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
  },

  async links(db: Conn, orgId: string, id: string): Promise<PolicyLinks> {
    const ids = async (
      table: "alert_policy_vehicles" | "alert_policy_teams" | "alert_policy_geofences" | "alert_policy_recipients",
      col: string,
    ) => {
      const { rows } = await sql<{
        id: string;
      }>`SELECT ${sql.ref(col)} AS id FROM ${sql.table(table)} WHERE org_id = ${orgId} AND policy_id = ${id}`.execute(
        db,
      );
      return rows.map((r) => r.id);
    };
    const [vehicle_ids, team_ids, geofence_ids, recipient_ids] = await Promise.all([
      ids("alert_policy_vehicles", "vehicle_id"),
      ids("alert_policy_teams", "team_id"),
      ids("alert_policy_geofences", "place_id"),
      ids("alert_policy_recipients", "user_id"),
    ]);
    return { vehicle_ids, team_ids, geofence_ids, recipient_ids };
  },

  insert(db: Conn, orgId: string, values: PolicyColumns & { created_by: string }) {
    return db
      .insertInto("alert_policies")
      .values({ ...values, org_id: orgId })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(db: Conn, orgId: string, id: string, values: PolicyColumns) {
    return db
      .updateTable("alert_policies")
      .set({ ...values, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  },

  async setActive(db: Conn, orgId: string, id: string, active: boolean) {
    const r = await db
      .updateTable("alert_policies")
      .set({ active, updated_at: sql`now()` })
      .where("org_id", "=", orgId)
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async replaceLinks(db: Conn, orgId: string, id: string, links: PolicyLinks): Promise<void> {
    const sets = [
      ["alert_policy_vehicles", "vehicle_id", links.vehicle_ids],
      ["alert_policy_teams", "team_id", links.team_ids],
      ["alert_policy_geofences", "place_id", links.geofence_ids],
      ["alert_policy_recipients", "user_id", links.recipient_ids],
    ] as const;
    for (const [table, col, ids] of sets) {
      await sql`DELETE FROM ${sql.table(table)} WHERE org_id = ${orgId} AND policy_id = ${id}`.execute(db);
      if (!ids.length) continue;
      await sql`INSERT INTO ${sql.table(table)} (org_id, policy_id, ${sql.ref(col)})
                SELECT ${orgId}::uuid, ${id}::uuid, x FROM unnest(${[...new Set(ids)]}::uuid[]) AS x`.execute(db);
    }
  },

  async delete(db: Conn, orgId: string, id: string) {
    const r = await db.deleteFrom("alert_policies").where("org_id", "=", orgId).where("id", "=", id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};

/** What an alert's e-mail needs; the joins read the vehicle's registration and the people's addresses and languages. */
export const alertMailRepo = {
  /** What announcing committed alerts needs: their in-app recipients, the vehicle's team, whether an e-mail waits. */
  async announcements(db: DB, alertIds: readonly string[]) {
    if (!alertIds.length) return [];
    const { rows } = await sql<{
      id: string;
      org_id: string;
      team_id: string | null;
      users: string[];
      email_pending: boolean;
    }>`
      SELECT a.id, a.org_id, v.team_id, a.email_status = 'pending' AS email_pending,
             coalesce(array_agg(n.user_id) FILTER (WHERE n.user_id IS NOT NULL), '{}') AS users
      FROM alerts a
      LEFT JOIN vehicles v ON v.org_id = a.org_id AND v.id = a.vehicle_id
      LEFT JOIN alert_notifications n ON n.org_id = a.org_id AND n.alert_id = a.id
      WHERE a.id = ANY(${[...alertIds]}::uuid[])
      GROUP BY a.id, a.org_id, v.team_id, a.email_status`.execute(db);
    return rows;
  },

  /** The alert, if its e-mail is still to be sent. */
  pendingAlert(db: DB, orgId: string, alertId: string) {
    return db
      .selectFrom("alerts as a")
      .innerJoin("vehicles as v", (j) => j.onRef("v.id", "=", "a.vehicle_id").onRef("v.org_id", "=", "a.org_id"))
      .leftJoin("users as d", (j) => j.onRef("d.id", "=", "a.driver_id").onRef("d.org_id", "=", "a.org_id"))
      .select([
        "a.id",
        "a.policy_id",
        "a.policy_name",
        "a.alert_type",
        "a.vehicle_id",
        "a.place_name",
        "a.occurred_at",
        "a.lat",
        "a.lon",
        "a.details",
        "v.registration",
        "d.first_name as driver_first",
        "d.last_name as driver_last",
      ])
      .where("a.id", "=", alertId)
      .where("a.org_id", "=", orgId)
      .where("a.email_status", "=", "pending")
      .executeTakeFirst();
  },

  /** The policy's typed addresses with its author's language, and its active recipients with an address. */
  async recipients(db: DB, orgId: string, policyId: string) {
    const [policy, users] = await Promise.all([
      db
        .selectFrom("alert_policies as p")
        .leftJoin("users as c", (j) => j.onRef("c.id", "=", "p.created_by").onRef("c.org_id", "=", "p.org_id"))
        .select(["p.emails", "c.default_language"])
        .where("p.id", "=", policyId)
        .where("p.org_id", "=", orgId)
        .executeTakeFirst(),
      db
        .selectFrom("alert_policy_recipients as r")
        .innerJoin("users as u", (j) => j.onRef("u.id", "=", "r.user_id").onRef("u.org_id", "=", "r.org_id"))
        .select(["u.email", "u.default_language"])
        .where("r.policy_id", "=", policyId)
        .where("r.org_id", "=", orgId)
        .where("u.active", "=", true)
        .where("u.email", "is not", null)
        .execute(),
    ]);
    return {
      emails: policy?.emails ?? [],
      authorLanguage: policy?.default_language ?? null,
      users: users.map((u) => ({ email: u.email!, language: u.default_language })),
    };
  },

  async setEmailStatus(db: DB, orgId: string, alertId: string, status: "sent" | "failed"): Promise<void> {
    await db
      .updateTable("alerts")
      .set({ email_status: status })
      .where("id", "=", alertId)
      .where("org_id", "=", orgId)
      .execute();
  },

  /** Alerts whose e-mail is still pending since before `before` (their first enqueue was lost). */
  stillPending(db: DB, before: Date, limit: number) {
    return db
      .selectFrom("alerts")
      .select(["id", "org_id"])
      .where("email_status", "=", "pending")
      .where("created_at", "<", before)
      .orderBy("created_at")
      .limit(limit)
      .execute();
  },
};

/** Alerts' history: kept as long as positions; limit counters only for the days that can still count. */
export const alertHistoryRepo = {
  async prune(db: DB, alertsBefore: Date, countersBefore: string) {
    const alerts = await db.deleteFrom("alerts").where("occurred_at", "<", alertsBefore).executeTakeFirst();
    const counters = await db.deleteFrom("alert_counters").where("day", "<", countersBefore).executeTakeFirst();
    return { alerts: Number(alerts.numDeletedRows), counters: Number(counters.numDeletedRows) };
  },
};
