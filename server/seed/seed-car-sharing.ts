import type { DB } from "../db/database";
import { addDays, formatInstantDate, zonedInstant } from "../shared/dates";
import { DEFAULT_TIME_ZONE } from "../shared/time-zones";

const ZONE = DEFAULT_TIME_ZONE;

/**
 * Demo car sharing for the first organisation: four cars in the pool, purposes and destinations, and a few
 * bookings (one done yesterday, some in the coming days) so the calendar and the history show something real.
 */
export async function seedDemoCarSharing(db: DB, orgId: string, adminId: string): Promise<void> {
  const cars = await db
    .selectFrom("vehicles")
    .select("id")
    .where("org_id", "=", orgId)
    .where("category", "=", "Car")
    .orderBy("registration")
    .limit(4)
    .execute();
  if (!cars.length) return;
  await db
    .insertInto("car_sharing_settings")
    .values({ org_id: orgId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto("car_sharing_vehicles")
    .values(cars.map((c) => ({ org_id: orgId, vehicle_id: c.id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const purposes: string[] = [];
  for (const label of ["Vizitë te klienti", "Takim", "Trajnim"]) {
    purposes.push(
      (
        await db
          .insertInto("car_sharing_entries")
          .values({ org_id: orgId, kind: "purpose", label })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  }
  for (const label of ["Durrës", "Elbasan", "Shkodër"])
    await db.insertInto("car_sharing_entries").values({ org_id: orgId, kind: "destination", label }).execute();
  const people = await db
    .selectFrom("users")
    .select("id")
    .where("org_id", "=", orgId)
    .where("email", "is not", null)
    .orderBy("email")
    .limit(4)
    .execute();
  const today = formatInstantDate(new Date(), ZONE);
  const plan: Array<[number, string, string, number, string, "completed" | "approved"]> = [
    [-1, "09:00", "12:00", 0, "Durrës", "completed"],
    [1, "08:30", "11:00", 0, "Elbasan", "approved"],
    [1, "13:00", "17:00", 1, "Shkodër", "approved"],
    [2, "10:00", "12:30", 2, "Durrës", "approved"],
    [3, "09:00", "15:00", 3, "Vlorë", "approved"],
  ];
  for (const [i, [offset, from, to, car, destination, status]] of plan.entries()) {
    const day = addDays(today, offset);
    const user = people[i % people.length]?.id ?? adminId;
    const row = await db
      .insertInto("bookings")
      .values({
        org_id: orgId,
        user_id: user,
        vehicle_id: cars[car % cars.length].id,
        type: i % 2 ? "personal" : "shared",
        destination,
        purpose_id: purposes[i % purposes.length],
        starts_at: zonedInstant(day, from, ZONE),
        ends_at: zonedInstant(day, to, ZONE),
        status,
        created_by: adminId,
        distance_km: status === "completed" ? 74.2 : null,
        activated_at: status === "completed" ? zonedInstant(day, from, ZONE) : null,
        completed_at: status === "completed" ? zonedInstant(day, to, ZONE) : null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning(["id", "period"])
      .executeTakeFirst();
    if (row)
      await db
        .insertInto("booking_people")
        .values({
          org_id: orgId,
          booking_id: row.id,
          user_id: user,
          role: "driver",
          period: row.period,
          live: status === "approved",
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
}
