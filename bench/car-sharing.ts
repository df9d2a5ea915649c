/**
 * Car sharing: booking latency through the one validation service with many stored bookings, 50 concurrent
 * overlapping requests on one vehicle (exactly one must win), and the calendar week query.
 *
 *   npm run bench:car-sharing -- [--vehicles 100] [--bookings 20000]
 *
 * Uses a fresh database on DATABASE_URL's server (dropped at the end) or an embedded PostgreSQL. Prints, last:
 *   create N ms/booking (median); 50 concurrent: 1 won, 49 VEHICLE_OVERLAP in T ms; calendar week W ms
 */
import { performance } from "node:perf_hooks";
import pino from "pino";
import { sql } from "kysely";
import { loadConfig } from "../server/config";
import type { AppContext } from "../server/context";
import { connectDatabase } from "../server/db/database";
import { migrate } from "../server/db/migrate";
import { AppError } from "../server/errors";
import { issueSession, loadPrincipal } from "../server/modules/auth";
import { calendarWeek, createBooking } from "../server/modules/car-sharing";
import { createOrganization } from "../server/seed/seed";
import { addDays, todayIn } from "../server/shared/dates";
import type { JobQueue } from "../server/queue/job-queue";
import { openDatabase } from "./bench-db";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const VEHICLES = arg("vehicles", 100);
const BOOKINGS = arg("bookings", 20_000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const database = await openDatabase();
  const handle = connectDatabase(database.url, 10);
  try {
    await migrate(handle.pool);
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      LOG_LEVEL: "silent",
      FLOTA_DEMO: "false",
    });
    const ctx: AppContext = {
      config,
      db: handle.db,
      log: pino({ level: "silent" }),
      jobs: {} as JobQueue,
      buildId: "bench",
    };
    const { org, roles, adminId } = await createOrganization(ctx.db, {
      name: "Bench",
      admin: { email: "cs@bench.flota", password: "bench-password" },
    });
    const issued = await issueSession(ctx, { id: adminId, org_id: org.id, web_only: false }, "web", {
      ip: null,
      userAgent: null,
    });
    const p = (await loadPrincipal(ctx, issued.token))!;
    await sql`INSERT INTO vehicles (org_id, registration, category) SELECT ${org.id}, 'CS ' || g, 'Car' FROM generate_series(1, ${VEHICLES}) g`.execute(
      ctx.db,
    );
    await sql`INSERT INTO car_sharing_vehicles (org_id, vehicle_id) SELECT org_id, id FROM vehicles WHERE org_id = ${org.id}`.execute(
      ctx.db,
    );
    await sql`INSERT INTO users (org_id, first_name, last_name, role_id, is_driver) SELECT ${org.id}, 'Driver', 'No ' || g, ${roles.driver}, true FROM generate_series(1, 200) g`.execute(
      ctx.db,
    );
    const purpose = await ctx.db
      .insertInto("car_sharing_entries")
      .values({ org_id: org.id, kind: "purpose", label: "Bench" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto("car_sharing_settings")
      .values({ org_id: org.id, advance_days: 90, max_future_bookings: 5 })
      .execute();
    // past bookings: two hours each, back to back per vehicle
    await sql`
      WITH v AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM vehicles WHERE org_id = ${org.id}),
           u AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE org_id = ${org.id} AND is_driver)
      INSERT INTO bookings (org_id, user_id, vehicle_id, type, destination, purpose_id, starts_at, ends_at, status, created_by)
      SELECT ${org.id}, (SELECT id FROM u WHERE u.n = 1 + g % 200), (SELECT id FROM v WHERE v.n = 1 + g % ${VEHICLES}), 'shared', 'Bench', ${purpose.id},
             now() - interval '400 days' + (g / ${VEHICLES}) * interval '2 hours', now() - interval '400 days' + (g / ${VEHICLES}) * interval '2 hours' + interval '2 hours',
             'completed', ${adminId}
      FROM generate_series(0, ${BOOKINGS} - 1) g`.execute(ctx.db);
    await sql`ANALYZE`.execute(ctx.db);

    const vehicles = await ctx.db
      .selectFrom("vehicles")
      .select("id")
      .where("org_id", "=", org.id)
      .orderBy("id")
      .execute();
    const users = await ctx.db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", org.id)
      .where("is_driver", "=", true)
      .orderBy("id")
      .execute();
    const day = addDays(todayIn("Europe/Tirane"), 5);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const hour = String((i % 12) + 6).padStart(2, "0");
      const t = performance.now();
      await createBooking(ctx, p, {
        user_id: users[i].id,
        vehicle_id: vehicles[Math.floor(i / 12) % vehicles.length].id,
        type: "shared",
        destination: "Bench",
        purpose: purpose.id,
        start: `${addDays(day, Math.floor(i / 12 / vehicles.length))} ${hour}:00`,
        end: `${addDays(day, Math.floor(i / 12 / vehicles.length))} ${hour}:45`,
      });
      times.push(performance.now() - t);
    }

    const target = vehicles[vehicles.length - 1].id;
    const t0 = performance.now();
    const results = await Promise.all(
      users.slice(0, 50).map((u) =>
        createBooking(ctx, p, {
          user_id: u.id,
          vehicle_id: target,
          type: "shared",
          destination: "Race",
          purpose: purpose.id,
          start: `${addDays(day, 10)} 09:00`,
          end: `${addDays(day, 10)} 11:00`,
        }).then(
          () => "OK",
          (e: unknown) => (e instanceof AppError ? e.code : String(e)),
        ),
      ),
    );
    const raceMs = performance.now() - t0;
    const won = results.filter((r) => r === "OK").length;
    const overlap = results.filter((r) => r === "VEHICLE_OVERLAP").length;

    const weekTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await calendarWeek(ctx, p, day);
      weekTimes.push(performance.now() - t);
    }
    console.log(`vehicles ${VEHICLES}, stored bookings ${BOOKINGS}`);
    console.log(
      `create ${median(times).toFixed(1)} ms/booking (median of 200); 50 concurrent: ${won} won, ${overlap} VEHICLE_OVERLAP in ${raceMs.toFixed(0)} ms; calendar week ${median(weekTimes).toFixed(1)} ms`,
    );
  } finally {
    await handle.close();
    await database.cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
