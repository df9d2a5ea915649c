import { sql } from "kysely";
import type { DB } from "../db/database";
import { addDays, formatInstantDate } from "../shared/dates";
import { DEFAULT_TIME_ZONE } from "../shared/time-zones";

/**
 * Demo maintenance for the first organisation: suppliers, parts in stock, a 15,000 km oil change with a 1,000 km
 * warning on every van (the first one 800 km from due, so the simulated kilometres bring it to due), insurance
 * renewals by date, a few services, refuels and a car wash.
 */
export async function seedDemoMaintenance(db: DB, orgId: string, responsibleId: string | null): Promise<void> {
  const today = formatInstantDate(new Date(), DEFAULT_TIME_ZONE);
  const garage = await db
    .insertInto("maintenance_suppliers")
    .values({
      org_id: orgId,
      name: "Auto Servis Kashar",
      category: "service",
      contact_person: "Arben Hoxha",
      phone: "+355 69 400 1000",
      email: "servis@example.al",
      address: "Rruga Kashar, Tiranë",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const station = await db
    .insertInto("maintenance_suppliers")
    .values({ org_id: orgId, name: "Kastrati", category: "fuel", phone: "+355 4 220 0000" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("maintenance_suppliers")
    .values({ org_id: orgId, name: "Lavazh Express", category: "wash" })
    .execute();
  const parts = await db
    .insertInto("maintenance_parts")
    .values([
      {
        org_id: orgId,
        name: "Vaj motori 5W-30 (l)",
        part_number: "OIL-5W30",
        supplier_id: garage.id,
        unit_price: 9.5,
        stock: 60,
      },
      { org_id: orgId, name: "Filtër vaji", part_number: "OF-112", supplier_id: garage.id, unit_price: 12, stock: 10 },
      { org_id: orgId, name: "Filtër ajri", part_number: "AF-207", supplier_id: garage.id, unit_price: 18, stock: 6 },
    ])
    .returning(["id", "name"])
    .execute();
  for (const p of parts)
    await db
      .insertInto("maintenance_stock_movements")
      .values({
        org_id: orgId,
        part_id: p.id,
        quantity: p.name.startsWith("Vaj") ? 60 : p.name.startsWith("Filtër vaji") ? 10 : 6,
        reason: "purchase",
        note: "demo",
      })
      .execute();

  const vehicles = await db
    .selectFrom("vehicles")
    .select(["id", "category", "registration"])
    .where("org_id", "=", orgId)
    .orderBy("registration")
    .execute();
  const vans = vehicles.filter((v) => v.category === "Van");
  for (const [i, van] of vans.entries()) {
    const odometer = 40_000 + i * 3_100;
    await db
      .updateTable("vehicles")
      .set({ odometer_km: sql<never>`${odometer}` })
      .where("id", "=", van.id)
      .execute();
    await db
      .insertInto("maintenance_reminders")
      .values({
        org_id: orgId,
        vehicle_id: van.id,
        name: "Ndërrim vaji",
        kind: "regular",
        interval_km: 15_000,
        before_km: 1_000,
        repeat: true,
        active: true,
        base_date: addDays(today, -120),
        base_odometer_km: i === 0 ? odometer - 14_200 : odometer - 1_000 * ((i % 9) + 1),
        responsible_user_id: responsibleId,
      })
      .execute();
  }
  for (const [i, v] of vehicles.slice(0, 6).entries()) {
    await db
      .insertInto("maintenance_reminders")
      .values({
        org_id: orgId,
        vehicle_id: v.id,
        name: "Sigurimi",
        kind: "obligatory",
        interval_days: 365,
        before_days: 30,
        repeat: true,
        active: true,
        base_date: addDays(today, -365 + 10 + i * 20),
        responsible_user_id: responsibleId,
      })
      .execute();
  }
  for (const [i, v] of vans.slice(0, 3).entries()) {
    const service = await db
      .insertInto("maintenance_services")
      .values({
        org_id: orgId,
        vehicle_id: v.id,
        kind: "service",
        service_type: "Ndërrim vaji",
        completed_on: addDays(today, -120 - i * 7),
        odometer_km: 30_000 + i * 2_000,
        cost: 35,
        supplier_id: garage.id,
        notes: "demo",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [part, qty] of [
      [parts[0], 6],
      [parts[1], 1],
    ] as const) {
      await db
        .insertInto("maintenance_service_parts")
        .values({
          org_id: orgId,
          service_id: service.id,
          part_id: part.id,
          quantity: qty,
          unit_price: part.name.startsWith("Vaj") ? 9.5 : 12,
        })
        .execute();
      await db
        .insertInto("maintenance_stock_movements")
        .values({ org_id: orgId, part_id: part.id, quantity: -qty, reason: "service", service_id: service.id })
        .execute();
      await db
        .updateTable("maintenance_parts")
        .set({ stock: sql`stock - ${qty}` })
        .where("id", "=", part.id)
        .execute();
    }
  }
  const current = new Map(vans.map((v, i) => [v.id, 40_000 + i * 3_100]));
  for (const [i, v] of vehicles.slice(0, 4).entries()) {
    // the last refuel is at the vehicle's odometer, so the entered odometers never run ahead of it
    const end = current.get(v.id) ?? 25_000 + i * 1_000;
    if (!current.has(v.id))
      await db
        .updateTable("vehicles")
        .set({ odometer_km: sql<never>`${end}` })
        .where("id", "=", v.id)
        .execute();
    let odometer = end - 7 * 600;
    for (let week = 6; week >= 0; week--) {
      odometer = week === 0 ? end : odometer + 570 + ((i * 37 + week * 53) % 60);
      await db
        .insertInto("maintenance_fuel_reports")
        .values({
          org_id: orgId,
          vehicle_id: v.id,
          filled_on: addDays(today, -week * 7),
          liters: 40 + ((i + week) % 6),
          price: (40 + ((i + week) % 6)) * 1.8,
          bill_number: `K-${i}${week}`,
          odometer_km: odometer,
          full_tank: week % 3 !== 1,
          supplier_id: station.id,
        })
        .execute();
    }
  }
  if (vehicles[0])
    await db
      .insertInto("maintenance_services")
      .values({
        org_id: orgId,
        vehicle_id: vehicles[0].id,
        kind: "wash",
        service_type: "full",
        completed_on: addDays(today, -3),
        cost: 12,
      })
      .execute();
}
