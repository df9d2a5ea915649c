import { afterAll, beforeAll } from "vitest";
import { createTestContext, createTestOrg, principalFor, type TestContext, type TestOrg } from "../support/context";

// What the geofence and point-of-interest visit tests share: the place they drive round, and their organisation.

export const LAT = 41.4;
export const LON = 19.9;
export const M_PER_DEG_LAT = 111_195;
export const M_PER_DEG_LON = M_PER_DEG_LAT * Math.cos((LAT * Math.PI) / 180);
/** dxM metres east and dyM metres north of (LAT, LON). */
export const at = (dxM: number, dyM = 0) => ({ lat: LAT + dyM / M_PER_DEG_LAT, lon: LON + dxM / M_PER_DEG_LON });

export type V = { id: string; registration: string; team_id: string | null; driver_id: string | null };

export interface VisitsSuite {
  ctx: TestContext;
  org: TestOrg;
  admin: Awaited<ReturnType<typeof principalFor>>;
  /** the organisation's vehicles with a driver, by registration */
  vehicles: V[];
}

/** A test context with a demo organisation; the fields are set once `beforeAll` has run. */
export function visitsSuite(): VisitsSuite {
  const s = {} as VisitsSuite;
  beforeAll(async () => {
    s.ctx = createTestContext();
    s.org = await createTestOrg(s.ctx, { demo: true });
    s.admin = await principalFor(s.ctx, s.org.adminId);
    s.vehicles = await s.ctx.db
      .selectFrom("vehicles")
      .select(["id", "registration", "team_id", "driver_id"])
      .where("org_id", "=", s.org.orgId)
      .where("driver_id", "is not", null)
      .orderBy("registration")
      .execute();
  });
  afterAll(async () => s.ctx?.close());
  return s;
}
