/**
 * TMS benchmark (issue 13): 1000 orders with weights, packets and delivery windows around Tirana onto 30 trucks.
 * Solves the instance the way the TMS plans a day (server/modules/tms/plan-solver.ts) with the configured time limit,
 * checks the plan (no truck over capacity, every order placed or given a reason, the independent feasibility checker),
 * then solves it again with a 10 times longer limit and compares the distance.
 *
 *   npm run bench:tms -- [--time-limit SECONDS (default 10, the TMS default)] [--orders 1000] [--trucks 30] [--seed 1]
 */
import { cpus, loadavg } from "node:os";
import type { TmsTruck } from "../server/db/schema/tms";
import { checkFeasibility } from "../server/optimization/feasibility";
import { haversineMatrix, indexLocations } from "../server/optimization";
import { solveVrp } from "../server/optimization/solver/solve";
import { planProblem, type PlanOrder, DEFAULT_SETTINGS } from "../server/modules/tms";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const limitS = arg("time-limit", DEFAULT_SETTINGS.time_limit_s);
const nOrders = arg("orders", 1000);
const nTrucks = arg("trucks", 30);
let seed = arg("seed", 1);
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const depot = { latitude: 41.3275, longitude: 19.8187 };
const orders: PlanOrder[] = Array.from({ length: nOrders }, (_, i) => {
  const r = Math.sqrt(rand()) * 0.35;
  const a = rand() * 2 * Math.PI;
  const windowed = rand() < 0.3;
  const start = 8 * 60 + Math.floor(rand() * 7) * 60;
  return {
    id: `o${i}`,
    latitude: depot.latitude + r * Math.sin(a),
    longitude: depot.longitude + r * Math.cos(a) * 1.3,
    weight: Math.round((5 + rand() * 95) * 100) / 100,
    packets: 1 + Math.floor(rand() * 10),
    window_start: windowed ? start : null,
    window_end: windowed ? start + 120 : null,
  };
});
const totalWeight = orders.reduce((s, o) => s + Number(o.weight), 0);
const totalPackets = orders.reduce((s, o) => s + o.packets, 0);
// The fleet carries about 95% of the day's load: a few orders must be left out with a reason.
const trucks: TmsTruck[] = Array.from({ length: nTrucks }, (_, i) => ({
  vehicle_id: `t${i}`,
  capacity_weight: Math.round((totalWeight / nTrucks) * 0.95),
  capacity_packets: Math.round((totalPackets / nTrucks) * 0.95),
}));
const settings = { ...DEFAULT_SETTINGS, window_start: 7 * 60, window_end: 19 * 60 };

const { problem, locations } = indexLocations(planProblem(orders, trucks, depot, settings));
const matrix = haversineMatrix(locations);

async function run(limit: number) {
  const started = Date.now();
  const solution = await solveVrp({ ...problem, matrix }, { timeLimitMs: limit * 1000, seed: 1 });
  return { solution, ms: Date.now() - started };
}

async function report(label: string, limit: number) {
  const { solution, ms } = await run(limit);
  const violations = checkFeasibility({ ...problem, matrix }, solution);
  const placed = new Set(solution.routes.flatMap((r) => r.steps.filter((s) => s.id).map((s) => s.id!)));
  const reasons = new Map<string, number>();
  for (const u of solution.unassigned) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  const over = solution.routes.filter((r) => {
    const cap = problem.vehicles.find((v) => v.id === r.vehicleId)!.capacity!;
    const load = r.steps.filter((s) => s.id).map((s) => problem.jobs.find((j) => j.id === s.id)!.delivery!);
    return cap.some((c, d) => load.reduce((sum, l) => sum + l[d], 0) > c);
  }).length;
  const everyOrder = placed.size + solution.unassigned.length === nOrders;
  console.log(`${label}: limit ${limit} s, took ${(ms / 1000).toFixed(1)} s, ${solution.iterations} iterations`);
  console.log(
    `  placed ${placed.size}/${nOrders}, unplaced ${solution.unassigned.length} (${[...reasons].map(([k, v]) => `${k} ${v}`).join(", ") || "none"}), trucks used ${solution.summary.vehicles}/${nTrucks}`,
  );
  console.log(
    `  distance ${(solution.summary.distance / 1000).toFixed(1)} km, trucks over capacity ${over}, every order placed or given a reason: ${everyOrder}, feasibility violations ${violations.length}`,
  );
  return {
    distance: solution.summary.distance,
    placed: placed.size,
    feasible: over === 0 && everyOrder && violations.length === 0,
    ms,
  };
}

console.log(
  `TMS bench: ${nOrders} orders (${Math.round(totalWeight)} kg, ${totalPackets} packets, 30% with a 2-hour window), ${nTrucks} trucks of ${trucks[0].capacity_weight} kg / ${trucks[0].capacity_packets} packets; ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`,
);
const short = await report("configured limit", limitS);
const long = await report("10x limit", limitS * 10);
console.log(
  `\nresult: feasible ${short.feasible && long.feasible}; distance at the configured limit is ${(((short.distance - long.distance) / long.distance) * 100).toFixed(2)}% above the 10x run (placed ${short.placed} vs ${long.placed}); within limit: ${short.ms <= limitS * 1000 + 2000}`,
);
if (!short.feasible) process.exitCode = 1;
