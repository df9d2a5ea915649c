import type { AppContext } from "../../server/context";
import { todayIn } from "../../server/shared/dates";
import { AppError } from "../../server/errors";

export const TZ = "Europe/Tirane";
export const today = () => todayIn(TZ);

/** A job row straight into the table (tests of other rules should not depend on the service's checks). */
export async function insertJob(ctx: AppContext, orgId: string, over: Record<string, unknown> = {}) {
  return ctx.db.insertInto("route_jobs").values({
    org_id: orgId, name: "Visit", latitude: 41.3275, longitude: 19.8187, scheduled_date: today(),
    scheduled_arrival: "09:00", scheduled_departure: "09:30", ...over,
  } as never).returningAll().executeTakeFirstOrThrow();
}

/** The outcome of a call: "OK", the AppError code, or the zod issues as "field:message". */
export const code = async (p: Promise<unknown>) => p.then(() => "OK", (e: unknown) => (e instanceof AppError ? e.code : (e as { issues?: Array<{ path: unknown[]; message: string }> }).issues?.map((i) => `${i.path.join(".")}:${i.message}`).join(",") ?? String(e)));

export const errorOf = async (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);
