import { sql } from "kysely";
import type { DB } from "../db/database";
import { addDays, todayIn } from "../shared/dates";
import { TIRANA_ROUTES } from "../simulator/tirana-routes";
import { DEFAULT_TIME_ZONE } from "../shared/time-zones";

const STOP_NAMES = [
  "Servis kondicioneri",
  "Dorëzim pakoje",
  "Vizitë shitjeje",
  "Inkasim fature",
  "Mirëmbajtje ashensori",
  "Kontroll kaldaje",
];
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Route-planning demo: for the first ten simulated vans, jobs at the points of the street each one drives (see
 * server/simulator), every day for two months from the seed day, so the simulated stops check them in and out
 * automatically; a template, an attendance rule, and a radius wide enough for the simulator's stops.
 */
export async function seedDemoRoutePlanning(db: DB, orgId: string): Promise<void> {
  await db
    .updateTable("organization_settings")
    .set({ checkin_radius_m: 250, checkout_radius_m: 300, self_assign_jobs: true, attendance_enabled: true })
    .where("org_id", "=", orgId)
    .execute();
  await db
    .insertInto("route_settings")
    .values({ org_id: orgId, self_assign_radius_m: 3000, late_grace_min: 15 })
    .execute();
  // The simulator's order (created_at); vehicles without a device only when there are none with one.
  const vans = await db
    .selectFrom("vehicles")
    .select(["id", "driver_id"])
    .where("org_id", "=", orgId)
    .orderBy(sql`device_imei IS NULL`)
    .orderBy("created_at")
    .orderBy("id")
    .limit(10)
    .execute();
  const today = todayIn(DEFAULT_TIME_ZONE);
  const rows = [];
  for (const [i, van] of vans.entries()) {
    const points = TIRANA_ROUTES[i % TIRANA_ROUTES.length].points.slice(1);
    const seriesIds = points.map(() => crypto.randomUUID());
    for (let d = 0; d < 60; d++) {
      for (const [k, [lat, lon]] of points.entries()) {
        const hour = 8 + k * 2 + (i % 2);
        rows.push({
          org_id: orgId,
          series_id: seriesIds[k],
          name: `${STOP_NAMES[(i + k) % STOP_NAMES.length]} ${i + 1}.${k + 1}`,
          address: `${TIRANA_ROUTES[i % TIRANA_ROUTES.length].name}, Tiranë`,
          latitude: lat,
          longitude: lon,
          contact_name: "Klient demo",
          contact_phone: `+355 69 ${200 + i}${pad(k)} 000`,
          scheduled_date: addDays(today, d),
          scheduled_arrival: `${pad(hour)}:00`,
          scheduled_departure: `${pad(hour)}:45`,
          recurrence_days: [1, 2, 3, 4, 5, 6, 7],
          vehicle_id: van.id,
          driver_id: van.driver_id,
        });
      }
    }
  }
  // Two unassigned jobs a day near the centre, for self-assignment and the dispatch map.
  for (let d = 0; d < 60; d++) {
    rows.push({
      org_id: orgId,
      name: "Pa caktuar: dorëzim urgjent",
      address: "Sheshi Skënderbej",
      latitude: 41.3279,
      longitude: 19.819,
      scheduled_date: addDays(today, d),
      scheduled_arrival: "11:00",
      scheduled_departure: "11:30",
    });
    rows.push({
      org_id: orgId,
      name: "Pa caktuar: vizitë klienti",
      address: "Blloku",
      latitude: 41.3192,
      longitude: 19.815,
      scheduled_date: addDays(today, d),
      scheduled_arrival: "15:00",
      scheduled_departure: "15:30",
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("route_jobs")
      .values(rows.slice(i, i + 500) as never)
      .execute();

  const template = await db
    .insertInto("route_templates")
    .values({
      org_id: orgId,
      name: "Raundi i së hënës – Qendër",
      days: [1],
      dates: [],
      vehicle_id: vans[0]?.id ?? null,
      driver_id: vans[0]?.driver_id ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("route_template_stops")
    .values([
      {
        org_id: orgId,
        template_id: template.id,
        position: 0,
        name: "Depo Kashar",
        latitude: 41.344,
        longitude: 19.773,
        arrival: "07:30",
        departure: "08:00",
      },
      {
        org_id: orgId,
        template_id: template.id,
        position: 1,
        name: "Klient Blloku",
        latitude: 41.3192,
        longitude: 19.815,
        arrival: "09:00",
        departure: "09:30",
      },
    ])
    .execute();
  const drivers = vans
    .map((v) => v.driver_id)
    .filter((d): d is string => !!d)
    .slice(0, 4);
  if (drivers.length) {
    const rule = await db
      .insertInto("attendance_rules")
      .values({ org_id: orgId, name: "Turni i mëngjesit", start_threshold: "07:00" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("attendance_rule_users")
      .values(drivers.map((user_id) => ({ org_id: orgId, user_id, rule_id: rule.id })))
      .execute();
  }
}
