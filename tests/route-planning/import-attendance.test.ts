import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import * as attendance from "../../server/modules/route-planning/attendance.service";
import {
  JOB_CSV_COLUMNS,
  checkJobsCsv,
  commitJobImport,
  decodeUtf8,
  getJobImport,
  sampleJobsCsv,
  uploadJobs,
} from "../../server/modules/route-planning/route-planning.import";
import {
  buildDayProblem,
  runDayOptimization,
  startDayOptimization,
  acceptOptimization,
  latestOptimization,
} from "../../server/modules/route-planning/route-planning.optimize";
import { timeOfDay } from "../../server/modules/route-planning/job-rules";
import { updateRouteSettings } from "../../server/modules/route-planning/route-planning.settings";
import { zonedInstant } from "../../server/shared/dates";
import { createTestContext, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createOrganisation, createUser, createVehicle } from "../support/factories";
import { errorOf, insertJob, today, TZ, routeSettings } from "./helpers";
import { outcome } from "../support/outcome";

let ctx: TestContext;
let org: TestOrg;
let admin: Principal;
let other: Principal;

const header = JOB_CSV_COLUMNS.join(",");
const line = (over: Partial<Record<string, string>> = {}) => {
  const v: Record<string, string> = {
    name: "Visit",
    latitude: "41.33",
    longitude: "19.82",
    date: "2026-12-01",
    arrival: "09:00",
    departure: "09:30",
    ...over,
  };
  return JOB_CSV_COLUMNS.map((c) => v[c] ?? "").join(",");
};
const file = (text: string | Uint8Array, name = "jobs.csv") => {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  return {
    name,
    size: bytes.length,
    arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  };
};

beforeAll(async () => {
  ctx = createTestContext();
  org = await createOrganisation(ctx);
  admin = await principalFor(ctx, org.adminId);
  other = await principalFor(ctx, (await createOrganisation(ctx)).adminId);
});
afterAll(async () => ctx?.close());

describe("CSV import", () => {
  it("previews every row's errors, refuses to save all while rows have errors, saves the valid rows when asked", async () => {
    const vehicle = await createVehicle(ctx, { org, registration: "AA 123 BB" });
    const csv = [
      header,
      line({ name: "Ok one", vehicle: "aa 123 bb" }),
      line({ name: "", latitude: "95" }),
      line({ name: "Weekly", date: "2026-11-30", "1": "x", "3": "1", repeat_until: "2026-12-09" }),
      line({ vehicle: "ZZ 999" }),
    ].join("\n");
    const summary = await uploadJobs(ctx, admin, file(csv));
    expect(summary).toMatchObject({ total: 4, valid: 2, invalid: 2, jobs: 5 });
    expect(summary.errors).toEqual([
      { row: 3, field: "name", message: "errors.required" },
      { row: 3, field: "latitude", message: "errors.range" },
      { row: 5, field: "vehicle", message: "errors.unknownVehicle" },
    ]);
    expect(await outcome(commitJobImport(ctx, admin, summary.token, { validOnly: false }))).toBe("IMPORT_HAS_ERRORS");
    const before = await ctx.db.selectFrom("route_jobs").select("id").where("org_id", "=", org.orgId).execute();
    expect(before).toHaveLength(0);
    expect(await outcome(getJobImport(ctx, other, summary.token))).toBe("NOT_FOUND");
    expect(await commitJobImport(ctx, admin, summary.token, { validOnly: true })).toBe(5);
    const saved = await ctx.db
      .selectFrom("route_jobs")
      .select(["name", "scheduled_date", "vehicle_id"])
      .where("org_id", "=", org.orgId)
      .orderBy("scheduled_date")
      .execute();
    expect(saved.filter((j) => j.name === "Weekly").map((j) => j.scheduled_date)).toEqual([
      "2026-11-30",
      "2026-12-02",
      "2026-12-07",
      "2026-12-09",
    ]);
    expect(saved.find((j) => j.name === "Ok one")?.vehicle_id).toBe(vehicle.id);
    expect(await outcome(commitJobImport(ctx, admin, summary.token, { validOnly: true }))).toBe("NOT_FOUND");
  });

  it("refuses more than 1000 jobs, a file that is not UTF-8, and wrong columns", async () => {
    const many = [header, ...Array.from({ length: 1001 }, () => line())].join("\n");
    expect((await errorOf(uploadJobs(ctx, admin, file(many))))?.code).toBe("IMPORT_TOO_MANY_ROWS");
    expect(
      await outcome(uploadJobs(ctx, admin, file([header, ...Array.from({ length: 1000 }, () => line())].join("\n")))),
    ).toBe("OK");
    // "Shëngjin" in Windows-1252: ë is 0xEB, not valid UTF-8
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode(`${header}\nSh`),
      0xeb,
      ...new TextEncoder().encode("ngjin,,41,19,,,,,2026-12-01,09:00,09:30"),
    ]);
    expect(() => decodeUtf8(latin1)).toThrow();
    expect((await errorOf(uploadJobs(ctx, admin, file(latin1))))?.code).toBe("IMPORT_ENCODING");
    const wrong = await errorOf(uploadJobs(ctx, admin, file("title,lat,lon\nA,41,19")));
    expect(wrong?.code).toBe("IMPORT_COLUMNS");
    expect(wrong?.details).toMatchObject({
      unknown: ["title", "lat", "lon"],
      missing: ["name", "date", "arrival", "departure"],
    });
  });

  it("the sample file in both languages passes its own import", async () => {
    for (const lng of ["al", "en"] as const) {
      const sample = sampleJobsCsv(lng, "2026-12-01");
      const checked = await checkJobsCsv(ctx, admin, decodeUtf8(new TextEncoder().encode(sample)));
      expect(checked.errors).toEqual([]);
      expect(checked.total).toBe(3);
    }
    expect(sampleJobsCsv("al", "2026-12-01")).toContain("Servis kaldaje");
  });
});

describe("optimise the day", () => {
  it("routes the day's jobs with their time windows, reports progress, and the accepted proposal assigns the jobs", async () => {
    const o = await createOrganisation(ctx);
    const p = await principalFor(ctx, o.adminId);
    const driver = await createUser(ctx, { org: o, role: "driver", driver: true });
    const v1 = await createVehicle(ctx, { org: o, driver: driver.id });
    await createVehicle(ctx, { org: o });
    for (let i = 0; i < 8; i++) {
      await insertJob(ctx, o.orgId, {
        name: `J${i}`,
        latitude: 41.3 + i * 0.01,
        longitude: 19.8 + (i % 3) * 0.01,
        scheduled_arrival: `${String(8 + i).padStart(2, "0")}:00`,
        scheduled_departure: `${String(8 + i).padStart(2, "0")}:20`,
      });
    }
    const enqueued: unknown[] = [];
    const jobsPort = ctx.jobs;
    (ctx as { jobs: unknown }).jobs = {
      enqueue: async (_q: string, _n: string, data: unknown) => {
        enqueued.push(data);
        return "1";
      },
    };
    try {
      const row = await startDayOptimization(ctx, p, today());
      expect((await latestOptimization(ctx, p, today()))?.status).toBe("running");
      const proposal = await runDayOptimization(ctx, {
        ...(enqueued[0] as Record<string, unknown>),
        timeLimitMs: 1500,
      } as never);
      expect(proposal.routes.flatMap((r) => r.jobIds)).toHaveLength(8);
      expect(proposal.unassigned).toEqual([]);
      expect((await latestOptimization(ctx, p, today()))?.status).toBe("draft");
      expect(await outcome(acceptOptimization(ctx, other, row.id))).toBe("NOT_FOUND");
      await acceptOptimization(ctx, p, row.id);
      const assigned = await ctx.db
        .selectFrom("route_jobs")
        .select(["vehicle_id", "driver_id"])
        .where("org_id", "=", o.orgId)
        .execute();
      expect(assigned.every((j) => j.vehicle_id !== null)).toBe(true);
      expect(assigned.filter((j) => j.vehicle_id === v1.id).every((j) => j.driver_id === driver.id)).toBe(true);
      // the solver's order and arrivals become each visit's planned sequence and ETA; the scheduled windows stay
      const rows = new Map(
        (await ctx.db.selectFrom("route_jobs").selectAll().where("org_id", "=", o.orgId).execute()).map((j) => [
          j.id,
          j,
        ]),
      );
      for (const r of proposal.routes) {
        expect(r.jobIds.map((id) => rows.get(id)!.planned_sequence)).toEqual(r.jobIds.map((_, i) => i + 1));
        expect(r.jobIds.map((id) => rows.get(id)!.planned_arrival)).toEqual(r.arrivals.map((a) => timeOfDay(a)));
      }
      expect([...rows.values()].map((j) => `${j.name} ${j.scheduled_arrival}-${j.scheduled_departure}`).sort()).toEqual(
        Array.from(
          { length: 8 },
          (_, i) => `J${i} ${String(8 + i).padStart(2, "0")}:00:00-${String(8 + i).padStart(2, "0")}:20:00`,
        ),
      );
      expect(await latestOptimization(ctx, p, today())).toBeNull();
    } finally {
      (ctx as { jobs: unknown }).jobs = jobsPort;
    }
  });

  it("gives each job a window from its scheduled arrival plus the lateness margin and its visit length as service", () => {
    const problem = buildDayProblem(
      [
        {
          id: "a",
          latitude: 41,
          longitude: 19,
          scheduled_arrival: "09:00:00",
          scheduled_departure: "09:45:00",
        } as never,
      ],
      [{ id: "v", lat: 41, lon: 19 }],
      15,
    );
    expect(problem.jobs?.[0]).toMatchObject({ service: 2700, timeWindows: [{ start: 32400, end: 33300 }] });
  });
});

describe("time attendance", () => {
  it("needs time attendance active, refuses a start before the threshold, marks late starts, one start a day", async () => {
    const o = await createOrganisation(ctx);
    const p = await principalFor(ctx, o.adminId);
    const u = await createUser(ctx, { org: o, role: "driver", driver: true });
    const up = await principalFor(ctx, u.id);
    const at = (hhmm: string) => zonedInstant(today(), hhmm, TZ);
    expect(await outcome(attendance.startWorkingDay(ctx, up, {}, at("10:30")))).toBe("ATTENDANCE_NOT_ACTIVE");
    expect(await outcome(attendance.myAttendance(ctx, up, today(), today()))).toBe("ATTENDANCE_NOT_ACTIVE");
    await updateRouteSettings(ctx, p, routeSettings());
    const early = await errorOf(attendance.startWorkingDay(ctx, up, {}, at("09:59")));
    expect(early?.code).toBe("ATTENDANCE_BEFORE_THRESHOLD");
    const day = await attendance.startWorkingDay(ctx, up, { latitude: 41.3, longitude: 19.8 }, at("10:20"));
    expect(day.late).toBe(true);
    expect(day.threshold?.slice(0, 5)).toBe("10:00");
    expect(await outcome(attendance.startWorkingDay(ctx, up, {}, at("10:30")))).toBe("DAY_ALREADY_STARTED");
    expect((await attendance.endWorkingDay(ctx, up, at("18:00"))).ended_at).not.toBeNull();
    expect(await outcome(attendance.endWorkingDay(ctx, up, at("18:05")))).toBe("DAY_NOT_STARTED");
    const view = await attendance.attendanceDays(ctx, p, today(), today());
    expect(view.days.map((d) => [d.user_id, d.late])).toEqual([[u.id, true]]);
    expect((await attendance.attendanceDays(ctx, other, today(), today())).days).toEqual([]);
  });

  it("applying a rule overrides the chosen users' existing rules", async () => {
    const o = await createOrganisation(ctx);
    const p = await principalFor(ctx, o.adminId);
    const [a, b] = [
      await createUser(ctx, { org: o, role: "driver", driver: true }),
      await createUser(ctx, { org: o, role: "driver", driver: true }),
    ];
    await updateRouteSettings(ctx, p, routeSettings({ late_grace_min: 0 }));
    await attendance.applyAttendanceRule(ctx, p, { name: "Early", start_threshold: "07:00", user_ids: [a.id, b.id] });
    await attendance.applyAttendanceRule(ctx, p, { name: "Late", start_threshold: "11:00", user_ids: [a.id] });
    const rules = await attendance.listAttendanceRules(ctx, p);
    expect(rules.map((r) => [r.name, Number(r.users)])).toEqual([
      ["Late", 1],
      ["Early", 1],
    ]);
    const ap = await principalFor(ctx, a.id);
    const bp = await principalFor(ctx, b.id);
    expect(await outcome(attendance.startWorkingDay(ctx, ap, {}, zonedInstant(today(), "10:30", TZ)))).toBe(
      "ATTENDANCE_BEFORE_THRESHOLD",
    );
    expect((await attendance.startWorkingDay(ctx, bp, {}, zonedInstant(today(), "07:00", TZ))).late).toBe(false);
    const foreign = await createUser(ctx);
    expect(
      await outcome(
        attendance.applyAttendanceRule(ctx, p, { name: "X", start_threshold: "08:00", user_ids: [foreign.id] }),
      ),
    ).toBe("VALIDATION");
  });
});
