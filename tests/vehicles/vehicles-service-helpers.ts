import { afterAll, beforeAll } from "vitest";
import { AppError } from "../../server/errors";
import { vehicleInputSchema } from "../../server/modules/vehicles/vehicles.schema";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";

// What the vehicle service tests share: two demo organisations, vehicle input, images, and the refusal of a call.

export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const png = () => ({ contentType: "image/png", data: PNG });

let seq = 0;
/** A valid vehicle with a registration no other call of this file used; fields override. */
export const input = (fields: Record<string, unknown> = {}) =>
  vehicleInputSchema.parse({ registration: `TS ${String(++seq).padStart(3, "0")} XY`, category: "Car", ...fields });

/** The AppError code (and field) a call is refused with; fails when the call succeeds. */
export async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, field: err.details?.field };
    throw err;
  }
  throw new Error("expected the call to be refused");
}

export interface VehiclesServiceSuite {
  ctx: TestContext;
  org: TestOrg;
  other: TestOrg;
  admin: Awaited<ReturnType<typeof principalFor>>;
  otherAdmin: Awaited<ReturnType<typeof principalFor>>;
  imageCount(vehicleId: string): Promise<number>;
}

/** A test context with two demo organisations and their administrators; the fields are set once `beforeAll` has run. */
export function vehiclesServiceSuite(): VehiclesServiceSuite {
  const s = {} as VehiclesServiceSuite;
  s.imageCount = (vehicleId) =>
    s.ctx.db
      .selectFrom("vehicle_images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("vehicle_id", "=", vehicleId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  beforeAll(async () => {
    s.ctx = createTestContext();
    [s.org, s.other] = await Promise.all([createTestOrg(s.ctx, { demo: true }), createTestOrg(s.ctx, { demo: true })]);
    [s.admin, s.otherAdmin] = await Promise.all([
      principalFor(s.ctx, s.org.adminId),
      principalFor(s.ctx, s.other.adminId),
    ]);
  });
  afterAll(async () => s.ctx?.close());
  return s;
}
