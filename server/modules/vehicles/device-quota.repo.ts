import type { DB } from "../../db/database";

/** The device quota's reads: the organisation's quota (its row locked) and the vehicles holding a device. */
export const deviceQuotaRepo = {
  /** Locks the organisation row: two saves cannot both take the last free device slot. */
  lockQuota(db: DB, orgId: string) {
    return db.selectFrom("organizations").select("device_quota").where("id", "=", orgId).forUpdate().executeTakeFirst();
  },

  countDevices(db: DB, orgId: string) {
    return db
      .selectFrom("vehicles")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("org_id", "=", orgId)
      .where("device_imei", "is not", null)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  },
};
