/**
 * Core types of the route optimisation engine.
 *
 * Units: times are in seconds (any epoch, as long as every time in a problem uses the same one),
 * distances in metres. Locations in the core problem are indices into a TravelMatrix; the
 * geographic layer (optimizeRoutes in index.ts) maps lat/lon to indices.
 */

export interface TravelMatrix {
  /** number of locations; distances/durations are size*size, row-major (from * size + to) */
  size: number;
  distances: Float64Array;
  durations: Float64Array;
}

export interface TimeWindow {
  start: number;
  end: number;
}

export interface VrpVehicle {
  id: string;
  /** matrix index of the start location */
  start: number;
  /** matrix index of the end location; null or undefined = open route (ends at the last job) */
  end?: number | null;
  shift?: TimeWindow;
  /** one entry per capacity dimension; missing = unlimited */
  capacity?: number[];
  skills?: string[];
  /** seconds from shift start to the arrival at the end (or last job on an open route) */
  maxDuration?: number;
  /** cost per km driven; default 1 when the objective is distance */
  costPerKm?: number;
  /** cost per hour driven; default 1 when the objective is duration */
  costPerHour?: number;
  /** cost paid once when the vehicle is used */
  fixedCost?: number;
}

export interface VrpJob {
  id: string;
  location: number;
  service?: number;
  /** one or more windows for the start of service; missing = always */
  timeWindows?: TimeWindow[];
  /** amount unloaded at the job (loaded at the start of the route), per dimension */
  delivery?: number[];
  /** amount loaded at the job (carried to the end of the route), per dimension */
  pickup?: number[];
  skills?: string[];
  /** 0 (default) to 100; higher is served first */
  priority?: number;
}

export interface VrpStop {
  location: number;
  service?: number;
  timeWindows?: TimeWindow[];
}

/** A transport order: pickup then delivery, on the same vehicle. */
export interface VrpShipment {
  id: string;
  pickup: VrpStop;
  delivery: VrpStop;
  amount?: number[];
  skills?: string[];
  priority?: number;
}

export type ObjectiveMetric = "distance" | "duration";

export interface VrpObjective {
  /** what the third tier of the objective minimises; default distance */
  metric?: ObjectiveMetric;
  /** second tier of the objective: fewer vehicles first; default true */
  minimizeVehicles?: boolean;
}

export interface VrpProblem {
  matrix: TravelMatrix;
  vehicles: VrpVehicle[];
  jobs: VrpJob[];
  shipments?: VrpShipment[];
  objective?: VrpObjective;
  /**
   * Fleet limit: at most this many vehicles may be used (routes with at least one task), whatever
   * the length of `vehicles`. A hard constraint: jobs that do not fit the limited fleet come back
   * unassigned (reason FLEET_LIMIT when an unused vehicle could have served them). Default: no limit.
   */
  maxVehicles?: number;
  /**
   * Fewest routes a solution should use (benchmark conventions that fix the fleet, e.g. CVRPLIB's
   * Augerat sets: exactly k routes). Ranked just after served jobs: a plan with fewer routes is
   * worse than any plan with enough. Not part of the geographic API. Default 0.
   */
  minVehicles?: number;
}

export interface SolveProgress {
  elapsedMs: number;
  iteration: number;
  bestCost: number;
  vehicles: number;
  unassigned: number;
}

export interface SolveOptions {
  /** wall-clock limit; default 10 000 ms */
  timeLimitMs?: number;
  /** stop after this many ruin-and-recreate iterations (tests use it for determinism) */
  maxIterations?: number;
  seed?: number;
  signal?: AbortSignal;
  onProgress?: (p: SolveProgress) => void;
  /** minimum ms between two onProgress calls; default 250 */
  progressIntervalMs?: number;
}

export type UnassignedReason =
  | "SKILLS"
  | "CAPACITY"
  | "TIME_WINDOW"
  | "SHIFT"
  | "MAX_DURATION"
  | "NO_VEHICLE"
  | "FLEET_LIMIT"
  | "UNREACHABLE";

export type StepType = "start" | "job" | "pickup" | "delivery" | "end";

export interface RouteStep {
  type: StepType;
  /** job or shipment id (absent for start/end) */
  id?: string;
  location: number;
  arrival: number;
  /** start of service (after any waiting) */
  serviceStart: number;
  departure: number;
  waiting: number;
  /** load on board when leaving the step, per dimension */
  load: number[];
  /** cumulative distance and travel time from the route start */
  distance: number;
  travelTime: number;
}

export interface RouteResult {
  vehicleId: string;
  vehicleIndex: number;
  steps: RouteStep[];
  distance: number;
  travelTime: number;
  /** end arrival minus shift start */
  duration: number;
  cost: number;
}

export interface UnassignedResult {
  id: string;
  type: "job" | "shipment";
  reason: UnassignedReason;
}

export type SolveStatus = "completed" | "time_limit" | "cancelled";

export interface VrpSolution {
  status: SolveStatus;
  routes: RouteResult[];
  unassigned: UnassignedResult[];
  summary: {
    cost: number;
    distance: number;
    travelTime: number;
    vehicles: number;
    served: number;
    unassigned: number;
  };
  iterations: number;
  elapsedMs: number;
}
