import { parseArgs } from "node:util";
import { z } from "zod";
import { createLogger, openRuntime } from "../bootstrap";
import { loadConfig } from "../config";
import { rebuildVehicleSegments, vehiclesToRebuild } from "../modules/analytics";
import { vehiclesRepo } from "../modules/vehicles";

/**
 * `npm run segments:rebuild -- [--vehicle ID] [--org ID] [--from YYYY-MM-DD]`: re-derives trips, stops and idling
 * from the stored positions (from the stop before --from, default: each vehicle's first position) and prints progress.
 */
const { values } = parseArgs({
  options: { vehicle: { type: "string" }, org: { type: "string" }, from: { type: "string" } },
});
const args = z
  .object({
    vehicle: z.uuid().optional(),
    org: z.uuid().optional(),
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "--from must be YYYY-MM-DD")
      .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "--from is not a date")
      .optional(),
  })
  .safeParse(values);
if (!args.success) {
  console.error(args.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  process.exit(2);
}
const config = loadConfig();
const log = createLogger(config);
const runtime = await openRuntime(config, log, { poolSize: 2 });
const { db } = runtime.ctx;
try {
  const vehicles = await vehiclesToRebuild(db, { vehicleId: args.data.vehicle, orgId: args.data.org });
  const from = args.data.from ? Date.parse(`${args.data.from}T00:00:00Z`) : 0;
  const started = Date.now();
  let points = 0;
  let segments = 0;
  for (const [i, v] of vehicles.entries()) {
    const r = await rebuildVehicleSegments(db, (trx, ids) => vehiclesRepo.driversOf(trx, ids), v, from);
    points += r.points;
    segments += r.segments;
    console.log(`[${i + 1}/${vehicles.length}] vehicle ${v.vehicleId}: ${r.points} positions, ${r.segments} segments`);
  }
  const s = (Date.now() - started) / 1000;
  console.log(
    `rebuilt ${vehicles.length} vehicles: ${points} positions, ${segments} segments in ${s.toFixed(1)} s (${Math.round(points / Math.max(s, 0.001))} positions/s)`,
  );
} finally {
  await runtime.shutdown();
}
