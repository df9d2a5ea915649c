import type { TmsPlanResult, TmsTruck } from "../../db/schema/tms";
import { haversineMetres, type OptimizationInput, type OptimizeResult } from "../../optimization";
import type { TmsSettings } from "./tms.settings";

/** What the solver needs of an order. */
export interface PlanOrder {
  id: string;
  latitude: number;
  longitude: number;
  weight: number | string;
  packets: number;
  window_start: number | null;
  window_end: number | null;
}

export interface Depot {
  latitude: number;
  longitude: number;
}

/** Weights are solved in hundredths (the solver's amounts are compared exactly; kg with two decimals). */
const weightUnits = (w: number | string) => Math.round(Number(w) * 100);

/**
 * The plan as a vehicle-routing problem: each truck leaves the depot at the day's window start and is back by its
 * end, carrying at most its capacity in weight and packets; each order is a delivery with the default service time
 * and, when it has one, its own window.
 */
export function planProblem(orders: PlanOrder[], trucks: TmsTruck[], depot: Depot, s: TmsSettings): OptimizationInput {
  const start = { lat: depot.latitude, lon: depot.longitude };
  return {
    dimensions: ["weight", "packets"],
    vehicles: trucks.map((t) => ({
      id: t.vehicle_id,
      start,
      end: start,
      shift: { start: s.window_start * 60, end: s.window_end * 60 },
      capacity: [weightUnits(t.capacity_weight), t.capacity_packets],
    })),
    jobs: orders.map((o) => ({
      id: o.id,
      location: { lat: o.latitude, lon: o.longitude },
      service: s.service_minutes * 60,
      delivery: [weightUnits(o.weight), o.packets],
      ...(o.window_start !== null && o.window_end !== null
        ? { timeWindows: [{ start: o.window_start * 60, end: o.window_end * 60 }] }
        : {}),
    })),
    objective: { metric: "distance", minimizeVehicles: false },
  };
}

export interface Placement {
  orderId: string;
  vehicleId: string;
  sequence: number;
  arrivalS: number;
}

/** The solver's answer as the plan stores it, plus where each order goes. */
export function planResult(r: OptimizeResult, depot: Depot): { result: TmsPlanResult; placements: Placement[] } {
  const placements: Placement[] = [];
  const routes = r.routes
    .filter((route) => route.steps.some((st) => st.id))
    .map((route) => {
      let seq = 0;
      const geometry: Array<[number, number]> = [];
      for (const st of route.steps) {
        const loc = r.locations[st.location];
        geometry.push([loc.lon, loc.lat]);
        if (st.id)
          placements.push({
            orderId: st.id,
            vehicleId: route.vehicleId,
            sequence: ++seq,
            arrivalS: Math.round(st.arrival),
          });
      }
      if (!geometry.length) geometry.push([depot.longitude, depot.latitude]);
      return {
        vehicle_id: route.vehicleId,
        distance_m: Math.round(route.distance),
        duration_s: Math.round(route.duration),
        geometry,
      };
    });
  return {
    result: {
      routes,
      unassigned: r.unassigned.map((u) => ({ order_id: u.id, reason: u.reason })),
      elapsed_ms: r.elapsedMs,
    },
    placements,
  };
}

/** A truck's route after a planner's change: depot, stops in order, depot; straight-line distance, 40 km/h plus service. */
export function straightRoute(
  depot: Depot,
  stops: Array<{ latitude: number; longitude: number }>,
  serviceMinutes: number,
) {
  const points: Array<[number, number]> = [
    [depot.longitude, depot.latitude],
    ...stops.map((s) => [s.longitude, s.latitude] as [number, number]),
    [depot.longitude, depot.latitude],
  ];
  let distance = 0;
  for (let i = 1; i < points.length; i++)
    distance += haversineMetres(
      { lat: points[i - 1][1], lon: points[i - 1][0] },
      { lat: points[i][1], lon: points[i][0] },
    );
  return {
    geometry: points,
    distance_m: Math.round(distance),
    duration_s: Math.round(distance / (40 / 3.6) + stops.length * serviceMinutes * 60),
  };
}

/**
 * An order that no truck of the plan can carry on its own: heavier or bulkier than the largest truck in one capacity
 * dimension (one entry per dimension), or within each largest but beyond every single truck in both together.
 */
export type UnfitOrder =
  | {
      id: string;
      order_id: string;
      dimension: "weight" | "packets";
      amount: number;
      /** the largest capacity of the plan's trucks in that dimension */
      largest: number;
    }
  | { id: string; order_id: string; dimension: "both"; weight: number; packets: number };

/**
 * The orders no truck of the plan can carry (the solver's capacity dimensions: weight and packets). The solver cannot
 * place them and would search its whole time budget for a place, so a plan with one is refused up front instead.
 */
export function unfitOrders(
  orders: Array<{ id: string; order_id: string; weight: number | string; packets: number }>,
  trucks: TmsTruck[],
): UnfitOrder[] {
  if (!trucks.length) return [];
  const maxWeight = Math.max(...trucks.map((t) => weightUnits(t.capacity_weight)));
  const maxPackets = Math.max(...trucks.map((t) => t.capacity_packets));
  const out: UnfitOrder[] = [];
  for (const o of orders) {
    const weight = weightUnits(o.weight);
    const before = out.length;
    if (weight > maxWeight)
      out.push({
        id: o.id,
        order_id: o.order_id,
        dimension: "weight",
        amount: Number(o.weight),
        largest: maxWeight / 100,
      });
    if (o.packets > maxPackets)
      out.push({ id: o.id, order_id: o.order_id, dimension: "packets", amount: o.packets, largest: maxPackets });
    if (
      out.length === before &&
      !trucks.some((t) => weight <= weightUnits(t.capacity_weight) && o.packets <= t.capacity_packets)
    )
      out.push({ id: o.id, order_id: o.order_id, dimension: "both", weight: Number(o.weight), packets: o.packets });
  }
  return out;
}

/** A truck's load against its capacity. */
export function truckLoad(
  truck: TmsTruck,
  orders: Array<{ vehicle_id: string | null; weight: number | string; packets: number }>,
) {
  const mine = orders.filter((o) => o.vehicle_id === truck.vehicle_id);
  const weight = mine.reduce((s, o) => s + Number(o.weight), 0);
  const packets = mine.reduce((s, o) => s + o.packets, 0);
  return {
    orders: mine.length,
    weight: Math.round(weight * 100) / 100,
    packets,
    over: weightUnits(weight) > weightUnits(truck.capacity_weight) || packets > truck.capacity_packets,
  };
}
