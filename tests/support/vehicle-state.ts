/**
 * The live state of a vehicle (vehicle_state, kept by the position pipeline), put by hand for the tests that need
 * an odometer, engine hours or a last fix without running the pipeline (tests/support/map-org.ts#storeFixes runs it).
 */
import type { Insertable } from "kysely";
import type { AppContext } from "../../server/context";
import type { VehicleStateTable } from "../../server/db/schema/telematics";

/** Any column of the state but the keys; `updated_at` and `alert_state` are optional (the table's defaults). */
export type VehicleStateValues = Partial<Omit<Insertable<VehicleStateTable>, "vehicle_id" | "org_id">>;

/**
 * The defaults of a state put by hand: a device has been heard (`device_id` set, so maintenance reads the telematics
 * odometer and engine hours), nothing else known — no fix, odometer and engine hours 0 (the table's own defaults).
 */
export const VEHICLE_STATE_DEFAULTS = { device_id: "test-device" } as const satisfies VehicleStateValues;

/**
 * Puts the live state of vehicles of one organisation: a vehicle without a state gets one (the defaults, then
 * `values`); a vehicle with one gets the columns given in `values` changed and keeps the others.
 * The rows of one call give the same columns.
 */
export async function putVehicleStates(
  ctx: Pick<AppContext, "db">,
  orgId: string,
  rows: ReadonlyArray<{ vehicle_id: string } & VehicleStateValues>,
): Promise<void> {
  if (!rows.length) return;
  const given = [
    ...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => k !== "vehicle_id" && k !== "org_id"))),
  ] as Array<keyof VehicleStateValues>;
  await ctx.db
    .insertInto("vehicle_state")
    .values(rows.map((r) => ({ ...VEHICLE_STATE_DEFAULTS, ...r, org_id: orgId }) as Insertable<VehicleStateTable>))
    .onConflict((oc) =>
      oc
        .column("vehicle_id")
        .doUpdateSet((eb) =>
          Object.fromEntries([
            ["org_id", eb.ref("excluded.org_id")],
            ...given.map((c) => [c, eb.ref(`excluded.${c}`)]),
          ]),
        ),
    )
    .execute();
}

/** Puts the live state of one vehicle (see putVehicleStates). */
export function putVehicleState(
  ctx: Pick<AppContext, "db">,
  vehicleId: string,
  orgId: string,
  values: VehicleStateValues = {},
): Promise<void> {
  return putVehicleStates(ctx, orgId, [{ vehicle_id: vehicleId, ...values }]);
}
