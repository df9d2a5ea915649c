import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../server/modules/access/principal";
import { myJobsToday } from "../../server/modules/route-planning/field.service";
import { assignJob, getJob, updateJob } from "../../server/modules/route-planning/route-jobs.service";
import { acceptOptimization, currentPlanCost } from "../../server/modules/route-planning/route-planning.optimize";
import { routeVisitsReport } from "../../server/modules/route-planning/route-planning.reports";
import { addDays, zonedInstant } from "../../server/shared/dates";
import { createTestContext, principalFor, type TestContext, type TestOrg } from "../support/context";
import { createOrganisation, createUser, createVehicle } from "../support/factories";
import { inPlannedOrder, plannedRoutes } from "../../app/features/route-planning/planned-order";
import { at, draftOptimization, insertJob, today, TZ } from "./helpers";

// The accepted optimisation's planned order and ETA per visit, kept beside the customer's scheduled window.
// Two days ahead: the lateness sweep running meanwhile never looks at these rows.

let ctx: TestContext;

beforeAll(() => {
  ctx = createTestContext();
});
afterAll(async () => ctx?.close());

async function setup() {
  const org: TestOrg = await createOrganisation(ctx);
  const p: Principal = await principalFor(ctx, org.adminId);
  const driver = await createUser(ctx, { org, role: "driver", driver: true });
  const v1 = await createVehicle(ctx, { org, driver: driver.id });
  const v2 = await createVehicle(ctx, { org });
  const day = addDays(today(), 2);
  const job = (name: string, arrival: string, over: Record<string, unknown> = {}) =>
    insertJob(ctx, org.orgId, {
      name,
      scheduled_date: day,
      scheduled_arrival: arrival,
      scheduled_departure: `${arrival.slice(0, 3)}30`,
      ...over,
    });
  const a = await job("A", "09:00");
  const b = await job("B", "10:00");
  const c = await job("C", "11:00");
  return { org, p, driver, v1, v2, day, a, b, c };
}

const draft = (
  _orgId: string,
  p: Principal,
  day: string,
  routes: Parameters<typeof draftOptimization>[3],
  unassigned: string[] = [],
) => draftOptimization(ctx, p, day, routes, unassigned);

const plan = async (orgId: string) =>
  Object.fromEntries(
    (
      await ctx.db
        .selectFrom("route_jobs")
        .select([
          "name",
          "vehicle_id",
          "planned_sequence",
          "planned_arrival",
          "scheduled_date",
          "scheduled_arrival",
          "scheduled_departure",
        ])
        .where("org_id", "=", orgId)
        .execute()
    ).map((j) => [j.name, j]),
  );

describe("planned order and ETA of an accepted optimisation", () => {
  it("accept stores each vehicle's order and the optimiser's arrivals; the scheduled window stays as agreed", async () => {
    const s = await setup();
    const before = await plan(s.org.orgId);
    const id = await draft(s.org.orgId, s.p, s.day, [
      { vehicleId: s.v1.id, jobIds: [s.c.id, s.a.id], arrivals: [at(8, 5), at(9, 10, 40)] },
      { vehicleId: s.v2.id, jobIds: [s.b.id], arrivals: [at(10, 0)] },
    ]);
    await acceptOptimization(ctx, s.p, id);
    const after = await plan(s.org.orgId);
    expect(after.C).toMatchObject({ vehicle_id: s.v1.id, planned_sequence: 1, planned_arrival: "08:05:00" });
    expect(after.A).toMatchObject({ vehicle_id: s.v1.id, planned_sequence: 2, planned_arrival: "09:11:00" });
    expect(after.B).toMatchObject({ vehicle_id: s.v2.id, planned_sequence: 1, planned_arrival: "10:00:00" });
    for (const name of ["A", "B", "C"]) {
      expect([after[name].scheduled_date, after[name].scheduled_arrival, after[name].scheduled_departure]).toEqual([
        before[name].scheduled_date,
        before[name].scheduled_arrival,
        before[name].scheduled_departure,
      ]);
    }
    const dto = await getJob(ctx, s.p, s.a.id);
    expect(dto).toMatchObject({
      scheduled_arrival: "09:00",
      scheduled_departure: "09:30",
      planned_sequence: 2,
      planned_eta: "09:11",
    });
  });

  it("my jobs come in the planned order (then the rest by schedule) with planned_eta", async () => {
    const s = await setup();
    const loose = await insertJob(ctx, s.org.orgId, {
      name: "Loose",
      scheduled_date: s.day,
      scheduled_arrival: "07:00",
      scheduled_departure: "07:30",
      vehicle_id: s.v1.id,
      driver_id: s.driver.id,
    });
    await acceptOptimization(
      ctx,
      s.p,
      await draft(s.org.orgId, s.p, s.day, [
        { vehicleId: s.v1.id, jobIds: [s.c.id, s.b.id, s.a.id], arrivals: [at(8, 0), at(9, 0), at(10, 0)] },
      ]),
    );
    const mine = await myJobsToday(ctx, await principalFor(ctx, s.driver.id), s.day);
    expect(mine.jobs.map((j) => j.name)).toEqual(["C", "B", "A", "Loose"]);
    expect(mine.jobs.map((j) => j.planned_eta)).toEqual(["08:00", "09:00", "10:00", null]);
    expect(loose.planned_sequence).toBeNull();
  });

  it("reassigning a job by hand to another vehicle (or another day) clears its plan; a driver change on the same vehicle keeps it", async () => {
    const s = await setup();
    await acceptOptimization(
      ctx,
      s.p,
      await draft(s.org.orgId, s.p, s.day, [
        { vehicleId: s.v1.id, jobIds: [s.a.id, s.b.id, s.c.id], arrivals: [at(9, 0), at(10, 0), at(11, 0)] },
      ]),
    );
    await assignJob(ctx, s.p, { job_id: s.a.id, vehicle_id: s.v2.id });
    const other = await createUser(ctx, { org: s.org, role: "driver", driver: true });
    await assignJob(ctx, s.p, { job_id: s.b.id, vehicle_id: s.v1.id, driver_id: other.id });
    let now = await plan(s.org.orgId);
    expect(now.A).toMatchObject({ vehicle_id: s.v2.id, planned_sequence: null, planned_arrival: null });
    expect(now.B).toMatchObject({ planned_sequence: 2, planned_arrival: "10:00:00" });
    const c = await getJob(ctx, s.p, s.c.id);
    const edit = {
      name: "C",
      latitude: c.latitude,
      longitude: c.longitude,
      scheduled_arrival: "11:00",
      scheduled_departure: "11:30",
      vehicle_id: s.v1.id,
    };
    await updateJob(ctx, s.p, s.c.id, { ...edit, scheduled_date: s.day, notes: "ring twice" });
    expect((await plan(s.org.orgId)).C).toMatchObject({ planned_sequence: 3 });
    await updateJob(ctx, s.p, s.c.id, { ...edit, scheduled_date: addDays(s.day, 1) });
    now = await plan(s.org.orgId);
    expect(now.C).toMatchObject({ planned_sequence: null, planned_arrival: null });
  });

  it("re-optimising replaces the plan: jobs left out lose it, finished visits keep theirs and the new route follows them", async () => {
    const s = await setup();
    await acceptOptimization(
      ctx,
      s.p,
      await draft(s.org.orgId, s.p, s.day, [
        { vehicleId: s.v1.id, jobIds: [s.a.id, s.b.id, s.c.id], arrivals: [at(9, 0), at(10, 0), at(11, 0)] },
      ]),
    );
    const arrived = zonedInstant(s.day, "09:04", TZ);
    await ctx.db
      .updateTable("route_jobs")
      .set({ status: "finished", arrived_at: arrived, departed_at: arrived })
      .where("id", "=", s.a.id)
      .execute();
    await acceptOptimization(
      ctx,
      s.p,
      await draft(
        s.org.orgId,
        s.p,
        s.day,
        [{ vehicleId: s.v1.id, jobIds: [s.c.id], arrivals: [at(10, 20)] }],
        [s.b.id],
      ),
    );
    const now = await plan(s.org.orgId);
    expect(now.A).toMatchObject({ planned_sequence: 1, planned_arrival: "09:00:00" });
    expect(now.C).toMatchObject({ planned_sequence: 2, planned_arrival: "10:20:00" });
    expect(now.B).toMatchObject({ vehicle_id: s.v1.id, planned_sequence: null, planned_arrival: null });

    const report = await routeVisitsReport.run(
      {
        db: ctx.db,
        orgId: s.org.orgId,
        principal: s.p,
        period: { from: s.day, to: s.day, timeZone: TZ },
        vehicleIds: [s.v1.id, s.v2.id],
        driverIds: null,
        maxRows: 100,
      } as never,
      {},
    );
    expect(report.rows).toEqual([
      expect.objectContaining({ job: "A", planned_eta: zonedInstant(s.day, "09:00", TZ).toISOString(), eta_delay: 4 }),
    ]);
  });

  it("another organisation's jobs are untouched, even when a proposal names them", async () => {
    const s = await setup();
    const t = await setup();
    await acceptOptimization(
      ctx,
      t.p,
      await draft(t.org.orgId, t.p, t.day, [
        { vehicleId: t.v1.id, jobIds: [t.a.id, t.b.id], arrivals: [at(9, 0), at(10, 0)] },
      ]),
    );
    const theirs = await plan(t.org.orgId);
    await acceptOptimization(
      ctx,
      s.p,
      await draft(
        s.org.orgId,
        s.p,
        s.day,
        [
          { vehicleId: s.v1.id, jobIds: [s.a.id, t.b.id], arrivals: [at(8, 0), at(8, 30)] },
          { vehicleId: t.v2.id, jobIds: [t.c.id], arrivals: [at(8, 0)] },
        ],
        [t.a.id],
      ),
    );
    expect(await plan(t.org.orgId)).toEqual(theirs);
    expect((await plan(s.org.orgId)).A).toMatchObject({ planned_sequence: 1, planned_arrival: "08:00:00" });
  });
});

describe("the screens' planned order", () => {
  const j = (
    id: string,
    vehicle_id: string | null,
    planned_sequence: number | null,
    scheduled_arrival: string,
    longitude = 19,
  ) => ({ id, vehicle_id, planned_sequence, scheduled_arrival, latitude: 41, longitude });
  it("lists each vehicle's jobs in planned order, then the rest by schedule, unassigned last; draws lines in that order", () => {
    const jobs = [
      j("u", null, null, "07:00"),
      j("x", "v2", null, "06:00"),
      j("a", "v1", 2, "08:00", 19.2),
      j("b", "v1", null, "07:30"),
      j("c", "v1", 1, "11:00", 19.1),
      j("d", "v2", 1, "12:00"),
    ];
    expect(inPlannedOrder(jobs, [{ id: "v1" }, { id: "v2" }]).map((x) => x.id)).toEqual(["c", "a", "b", "d", "x", "u"]);
    expect(plannedRoutes(jobs, new Map([["v1", "AA 1"]]))).toEqual([
      {
        vehicle: "AA 1",
        coordinates: [
          [19.1, 41],
          [19.2, 41],
        ],
      },
    ]);
  });
});

describe("the current plan the proposal is compared with", () => {
  it("follows the accepted planned order, not the scheduled one", () => {
    const job = (planned_sequence: number | null, scheduled_arrival: string, latitude: number) => ({
      vehicle_id: "v",
      planned_sequence,
      scheduled_arrival,
      latitude,
      longitude: 19,
    });
    const start = [{ id: "v", lat: 41, lon: 19 }];
    const bySchedule = currentPlanCost([job(null, "09:00", 41.2), job(null, "10:00", 41.1)], start).distance;
    const byPlan = currentPlanCost([job(2, "09:00", 41.2), job(1, "10:00", 41.1)], start).distance;
    expect(byPlan).toBeLessThan(bySchedule);
  });
});
