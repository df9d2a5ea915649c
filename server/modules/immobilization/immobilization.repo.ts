import type { DB } from "../../db/database";
import type { Principal } from "../access/principal";
import { scopeVehicles } from "../access/vehicle-scope";
import type { CommandStatus } from "./immobilization.schema";
import { userSql } from "../users";

export const immobilizationRepo = {
  findVehicle(db: DB, p: Principal, vehicleId: string) {
    return scopeVehicles(
      db
        .selectFrom("vehicles")
        .select([
          "vehicles.id",
          "vehicles.org_id",
          "vehicles.team_id",
          "vehicles.registration",
          "vehicles.device_imei",
          "vehicles.device_protocol",
        ]),
      p,
    )
      .where("vehicles.id", "=", vehicleId)
      .executeTakeFirst();
  },

  insertPending(
    db: DB,
    c: { org_id: string; vehicle_id: string; device_id: string; action: "block" | "unblock"; requested_by: string },
  ) {
    return db.insertInto("device_commands").values(c).returningAll().executeTakeFirstOrThrow();
  },

  finish(
    db: DB,
    id: string,
    r: { status: Exclude<CommandStatus, "Pending">; response: string | null; error: string | null },
  ) {
    return db
      .updateTable("device_commands")
      .set({ ...r, answered_at: new Date() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** History of the vehicles the user may see, newest first, with who asked. */
  async history(
    db: DB,
    p: Principal,
    opts: { vehicleId?: string; vehicleIds?: string[]; from?: Date; to?: Date; page: number; size: number },
  ) {
    let qb = db
      .selectFrom("device_commands as c")
      .innerJoin("vehicles", "vehicles.id", "c.vehicle_id")
      .leftJoin("users as u", "u.id", "c.requested_by")
      .where("c.org_id", "=", p.orgId)
      .where("c.vehicle_id", "in", scopeVehicles(db.selectFrom("vehicles").select("vehicles.id"), p));
    if (opts.vehicleId) qb = qb.where("c.vehicle_id", "=", opts.vehicleId);
    if (opts.vehicleIds)
      qb = qb.where(
        "c.vehicle_id",
        "in",
        opts.vehicleIds.length ? opts.vehicleIds : ["00000000-0000-0000-0000-000000000000"],
      );
    if (opts.from) qb = qb.where("c.created_at", ">=", opts.from);
    if (opts.to) qb = qb.where("c.created_at", "<", opts.to);
    const [items, total] = await Promise.all([
      qb
        .select([
          "c.id",
          "c.vehicle_id as vehicleId",
          "vehicles.registration",
          "c.action",
          "c.status",
          "c.created_at as createdAt",
          "c.answered_at as answeredAt",
          "c.response",
          "c.error",
          "c.requested_by as requestedById",
          userSql.fullNameOrNull("u").as("requestedBy"),
        ])
        .orderBy("c.created_at", "desc")
        .limit(opts.size)
        .offset((opts.page - 1) * opts.size)
        .execute(),
      qb.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  },
};
