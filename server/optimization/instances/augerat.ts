import type { VrpProblem } from "../types";

/** A CVRPLIB / TSPLIB CVRP instance (EUC_2D), e.g. Augerat sets A, B and P. */
export interface CvrpInstance {
  name: string;
  capacity: number;
  /**
   * k, the number of vehicles: the VEHICLES field when the file has one, else the COMMENT's
   * "No of trucks: k" (Augerat), else the "-k<number>" suffix of the name; undefined when none.
   */
  vehicles?: number;
  /** node 0 is the depot (depot first, then the others in file order); id = TSPLIB node id */
  nodes: { id: number; x: number; y: number; demand: number }[];
}

export function parseCvrplib(text: string): CvrpInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const header = (key: string) => {
    const l = lines.find((x) => x.toUpperCase().startsWith(key));
    return l ? l.slice(l.indexOf(":") + 1).trim() : undefined;
  };
  const name = header("NAME") ?? "";
  const dim = Number(header("DIMENSION"));
  const capacity = Number(header("CAPACITY"));
  const type = header("EDGE_WEIGHT_TYPE");
  if (type && type !== "EUC_2D") throw new Error(`CVRPLIB file: unsupported EDGE_WEIGHT_TYPE ${type}`);
  if (!(dim > 1) || !(capacity > 0)) throw new Error("CVRPLIB file: DIMENSION or CAPACITY missing");
  const section = (key: string) => {
    const start = lines.findIndex((l) => l.toUpperCase().startsWith(key));
    if (start < 0) throw new Error(`CVRPLIB file: ${key} missing`);
    const rows: number[][] = [];
    for (const l of lines.slice(start + 1)) {
      if (!/^-?\d/.test(l)) break;
      rows.push(l.split(/\s+/).map(Number));
    }
    return rows;
  };
  const coords = section("NODE_COORD_SECTION");
  const demands = section("DEMAND_SECTION");
  const depots = section("DEPOT_SECTION")
    .map((r) => r[0])
    .filter((x) => x > 0);
  if (coords.length !== dim || demands.length !== dim)
    throw new Error("CVRPLIB file: section sizes differ from DIMENSION");
  const trucks = header("COMMENT")?.match(/No of trucks:\s*(\d+)/i)?.[1] ?? name.match(/-k(\d+)\b/i)?.[1];
  const vehicles =
    header("VEHICLES") !== undefined ? Number(header("VEHICLES")) : trucks !== undefined ? Number(trucks) : undefined;
  if (vehicles !== undefined && !(Number.isInteger(vehicles) && vehicles > 0))
    throw new Error("CVRPLIB file: bad number of vehicles");
  const depotId = depots[0] ?? 1;
  const byId = new Map(coords.map((r) => [r[0], r]));
  const demandById = new Map(demands.map((r) => [r[0], r[1]]));
  const ids = [depotId, ...coords.map((r) => r[0]).filter((id) => id !== depotId)];
  return {
    name,
    capacity,
    vehicles,
    nodes: ids.map((id) => ({ id, x: byId.get(id)![1], y: byId.get(id)![2], demand: demandById.get(id) ?? 0 })),
  };
}

/** TSPLIB EUC_2D: the Euclidean distance rounded to the nearest integer (nint). */
function euc2d(a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.floor(Math.sqrt(dx * dx + dy * dy) + 0.5);
}

/**
 * The CVRPLIB convention of the Augerat sets: EUC_2D distances, objective total distance, and a
 * fleet of exactly k vehicles (`inst.vehicles`), the convention the optima were proven under: at
 * most k is a hard limit (`maxVehicles`), fewer than k ranks below any k-route plan (`minVehicles`).
 * Job ids are the TSPLIB node ids.
 */
export function cvrpToProblem(inst: CvrpInstance): VrpProblem {
  const n = inst.nodes.length;
  if (inst.vehicles === undefined) throw new Error(`${inst.name}: number of vehicles (k) unknown`);
  const distances = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) distances[a * n + b] = euc2d(inst.nodes[a], inst.nodes[b]);
  }
  return {
    matrix: { size: n, distances, durations: distances },
    vehicles: Array.from({ length: inst.vehicles }, (_, i) => ({
      id: `v${i + 1}`,
      start: 0,
      end: 0,
      capacity: [inst.capacity],
      costPerKm: 1000,
    })),
    jobs: inst.nodes.slice(1).map((c, i) => ({ id: String(c.id), location: i + 1, delivery: [c.demand] })),
    objective: { metric: "distance", minimizeVehicles: false },
    maxVehicles: inst.vehicles,
    minVehicles: inst.vehicles,
  };
}
