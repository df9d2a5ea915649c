import type { VrpProblem } from "../types";

/** A Solomon / Gehring-Homberger VRPTW instance as found in the original text files. */
export interface SolomonInstance {
  name: string;
  vehicles: number;
  capacity: number;
  /** node 0 is the depot */
  nodes: { id: number; x: number; y: number; demand: number; ready: number; due: number; service: number }[];
}

export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const name = lines.find((l) => l.length > 0) ?? "";
  const vIdx = lines.findIndex((l) => /^NUMBER\s+CAPACITY/i.test(l));
  if (vIdx < 0) throw new Error("Solomon file: VEHICLE section not found");
  const [vehicles, capacity] = lines[vIdx + 1].split(/\s+/).map(Number);
  const cIdx = lines.findIndex((l) => /^CUST\s+NO\./i.test(l));
  if (cIdx < 0) throw new Error("Solomon file: CUSTOMER section not found");
  const nodes: SolomonInstance["nodes"] = [];
  for (const l of lines.slice(cIdx + 1)) {
    if (!l) continue;
    const f = l.split(/\s+/).map(Number);
    if (f.length < 7 || f.some((x) => Number.isNaN(x))) throw new Error(`Solomon file: bad customer line "${l}"`);
    nodes.push({ id: f[0], x: f[1], y: f[2], demand: f[3], ready: f[4], due: f[5], service: f[6] });
  }
  if (nodes.length < 2 || nodes[0].id !== 0) throw new Error("Solomon file: depot (customer 0) missing");
  return { name, vehicles, capacity, nodes };
}

export interface SolomonProblemOptions {
  /**
   * "dimacs": distances and travel times truncated to one decimal, objective total distance
   * (vehicles free). "hierarchical": double precision, fewer vehicles first.
   */
  convention?: "dimacs" | "hierarchical";
}

/**
 * Builds a core problem. Under the DIMACS convention every length and time is multiplied by 10
 * so the matrix holds exact integers (tenths); divide distances in the solution by `scale`.
 */
export function solomonToProblem(
  inst: SolomonInstance,
  opts: SolomonProblemOptions = {},
): { problem: VrpProblem; scale: number } {
  const dimacs = (opts.convention ?? "dimacs") === "dimacs";
  const scale = dimacs ? 10 : 1;
  const n = inst.nodes.length;
  const distances = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const dx = inst.nodes[a].x - inst.nodes[b].x;
      const dy = inst.nodes[a].y - inst.nodes[b].y;
      distances[a * n + b] = dimacs ? Math.floor(Math.sqrt(100 * (dx * dx + dy * dy))) : Math.sqrt(dx * dx + dy * dy);
    }
  }
  const depot = inst.nodes[0];
  const problem: VrpProblem = {
    matrix: { size: n, distances, durations: distances },
    vehicles: Array.from({ length: inst.vehicles }, (_, i) => ({
      id: `v${i + 1}`,
      start: 0,
      end: 0,
      shift: { start: depot.ready * scale, end: depot.due * scale },
      capacity: [inst.capacity],
      costPerKm: 1000,
    })),
    jobs: inst.nodes.slice(1).map((c, i) => ({
      id: String(c.id),
      location: i + 1,
      service: c.service * scale,
      timeWindows: [{ start: c.ready * scale, end: c.due * scale }],
      delivery: [c.demand],
    })),
    objective: { metric: "distance", minimizeVehicles: !dimacs },
  };
  return { problem, scale };
}
