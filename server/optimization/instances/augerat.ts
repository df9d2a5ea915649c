import type { VrpProblem } from "../types";

/** A CVRPLIB / TSPLIB CVRP instance (EUC_2D), e.g. Augerat sets A, B and P. */
export interface CvrpInstance {
  name: string;
  capacity: number;
  /** node 0 is the depot (TSPLIB node ids renumbered from 0, depot first) */
  nodes: { x: number; y: number; demand: number }[];
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
  const depots = section("DEPOT_SECTION").map((r) => r[0]).filter((x) => x > 0);
  if (coords.length !== dim || demands.length !== dim) throw new Error("CVRPLIB file: section sizes differ from DIMENSION");
  const depotId = depots[0] ?? 1;
  const byId = new Map(coords.map((r) => [r[0], r]));
  const demandById = new Map(demands.map((r) => [r[0], r[1]]));
  const ids = [depotId, ...coords.map((r) => r[0]).filter((id) => id !== depotId)];
  return {
    name,
    capacity,
    nodes: ids.map((id) => ({ x: byId.get(id)![1], y: byId.get(id)![2], demand: demandById.get(id) ?? 0 })),
  };
}

/** TSPLIB EUC_2D: Euclidean distance rounded to the nearest integer. Vehicles are not limited. */
export function cvrpToProblem(inst: CvrpInstance): VrpProblem {
  const n = inst.nodes.length;
  const distances = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const dx = inst.nodes[a].x - inst.nodes[b].x;
      const dy = inst.nodes[a].y - inst.nodes[b].y;
      distances[a * n + b] = Math.floor(Math.sqrt(dx * dx + dy * dy) + 0.5);
    }
  }
  return {
    matrix: { size: n, distances, durations: distances },
    vehicles: Array.from({ length: n - 1 }, (_, i) => ({ id: `v${i + 1}`, start: 0, end: 0, capacity: [inst.capacity], costPerKm: 1000 })),
    jobs: inst.nodes.slice(1).map((c, i) => ({ id: String(i + 2), location: i + 1, delivery: [c.demand] })),
    objective: { metric: "distance", minimizeVehicles: false },
  };
}
