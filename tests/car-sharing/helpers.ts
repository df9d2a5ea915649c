import type { AppContext } from "../../server/context";
import { AppError } from "../../server/errors";
import { zonedInstant } from "../../server/shared/dates";
import { createUser, createVehicle } from "../support/factories";
import type { Principal } from "../../server/modules/access/principal";
import * as bookings from "../../server/modules/car-sharing/bookings.service";
import { createTestContext, createTestOrg, principalFor, type TestOrg } from "../support/context";

export const TZ = "Europe/Tirane";
/** Monday 2030-03-04 08:00 in Tirana: the fixed "now" of the rule tests. */
export const NOW = zonedInstant("2030-03-04", "08:00", TZ);

export async function poolVehicle(ctx: AppContext, org: TestOrg, opts: { team?: string | null } = {}) {
  const v = await createVehicle(ctx, { org, category: "Car", team: opts.team ?? null });
  await ctx.db.insertInto("car_sharing_vehicles").values({ org_id: org.orgId, vehicle_id: v.id }).execute();
  return v;
}

export async function purpose(ctx: AppContext, org: TestOrg, label = "Client visit") {
  return ctx.db
    .insertInto("car_sharing_entries")
    .values({ org_id: org.orgId, kind: "purpose", label: `${label} ${Math.random().toString(36).slice(2, 7)}` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const person = (
  ctx: AppContext,
  org: TestOrg,
  role: "driver" | "administrator" | "viewer" = "driver",
  firstName = "Test",
) => createUser(ctx, { org, role, firstName });

/** The codes a refused booking carries, in order; "OK" when it was created. */
export async function codes(p: Promise<unknown>): Promise<string[] | "OK"> {
  return p.then(
    () => "OK" as const,
    (e: unknown) => {
      if (e instanceof AppError)
        return ((e.details?.violations as Array<{ code: string }> | undefined) ?? [{ code: e.code }]).map(
          (v) => v.code,
        );
      throw e;
    },
  );
}

/** The service tests' set-up: a context, a new organisation, its administrator's principal and one trip purpose. */
export async function bookingFixture() {
  const ctx = createTestContext();
  const org = await createTestOrg(ctx);
  const admin = await principalFor(ctx, org.adminId);
  const purposeId = (await purpose(ctx, org)).id;
  return { ctx, org, admin, purposeId };
}

/** Books as `p` at the fixed "now": a shared trip to Durrës, 2030-03-05 10:00-11:00, unless `over` says otherwise. */
export const bookAt = (ctx: AppContext, purposeId: string, p: Principal, over: Record<string, unknown>) =>
  bookings.createBooking(
    ctx,
    p,
    {
      type: "shared",
      destination: "Durrës",
      purpose: purposeId,
      start: "2030-03-05 10:00",
      end: "2030-03-05 11:00",
      ...over,
    },
    { now: NOW },
  );
