import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { vehicleOptions } from "../vehicles";
import { ordersRepo } from "./orders.repo";
import { plansRepo } from "./plans.repo";
import { truckLoad } from "./plan-solver";
import { visiblePlan } from "./plans.service";
import { settingsOf } from "./tms.settings";
import { tmsPolicy } from "./tms.policy";
import { truckPositionsRepo } from "./tracking.repo";

const truckLabel = (v: { registration: string; identifier_name: string | null } | undefined, id: string) =>
  v ? (v.identifier_name ? `${v.registration} · ${v.identifier_name}` : v.registration) : id.slice(0, 8);

/** Completed plans with each truck's progress order by order and its last position. */
export async function dispatchBoard(ctx: AppContext, p: Principal) {
  tmsPolicy.read(p);
  const list = await plansRepo.list(ctx.db, p.orgId, { status: "completed" });
  const vehicles = new Map((await vehicleOptions(ctx, p)).map((v) => [v.id, v]));
  const boards = [];
  for (const plan of list.slice(0, 30)) {
    const orders = await ordersRepo.byPlan(ctx.db, p.orgId, plan.id);
    const positions = await truckPositionsRepo.latest(
      ctx.db,
      p.orgId,
      plan.trucks.map((t) => t.vehicle_id),
    );
    boards.push({
      id: plan.id,
      name: plan.name,
      day: plan.day,
      dispatched_at: plan.dispatched_at,
      trucks: plan.trucks
        .filter((t) => vehicles.has(t.vehicle_id))
        .map((t) => {
          const stops = orders
            .filter((o) => o.vehicle_id === t.vehicle_id)
            .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
          return {
            vehicle_id: t.vehicle_id,
            label: truckLabel(vehicles.get(t.vehicle_id), t.vehicle_id),
            load: truckLoad(t, orders),
            position: positions.get(t.vehicle_id) ?? null,
            stops: stops.map((o) => ({
              id: o.id,
              order_id: o.order_id,
              customer: o.customer_name ?? o.customer_code,
              sequence: o.sequence,
              status: o.status,
              eta: o.eta,
              finished_at: o.finished_at,
            })),
          };
        }),
    });
  }
  return boards;
}

/** The driver's list: one truck's stops of one plan in order, with customer, packets, weight and notes. */
export async function deliveringList(ctx: AppContext, p: Principal, planId: string, vehicleId: string) {
  const plan = await visiblePlan(ctx, p, planId);
  const truck = plan.trucks.find((t) => t.vehicle_id === vehicleId);
  const vehicle = (await vehicleOptions(ctx, p)).find((v) => v.id === vehicleId);
  if (!truck || !vehicle) throw notFound("truck");
  if (!plan.result) throw new AppError("OPTIMIZATION_NOT_RUN", "Run the optimiser first");
  const orders = (await ordersRepo.byPlan(ctx.db, p.orgId, planId))
    .filter((o) => o.vehicle_id === vehicleId)
    .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
  const settings = await settingsOf(ctx.db, p.orgId);
  const route = plan.result.routes.find((r) => r.vehicle_id === vehicleId) ?? null;
  return {
    plan: { id: plan.id, name: plan.name, day: plan.day, status: plan.status },
    truck: {
      vehicle_id: vehicleId,
      label: truckLabel(vehicle, vehicleId),
      capacity_weight: truck.capacity_weight,
      capacity_packets: truck.capacity_packets,
    },
    route: route ? { distance_m: route.distance_m, duration_s: route.duration_s } : null,
    units: { weight: settings.weight_unit, packets: settings.packet_unit },
    stops: orders.map((o) => ({
      sequence: o.sequence ?? 0,
      order_id: o.order_id,
      client_order_id: o.client_order_id,
      customer_code: o.customer_code,
      customer_name: o.customer_name,
      address: o.address,
      packets: o.packets,
      weight: Number(o.weight),
      notes: o.notes,
      window_start: o.window_start,
      window_end: o.window_end,
      eta: o.eta,
      status: o.status,
    })),
    totals: {
      packets: orders.reduce((s, o) => s + o.packets, 0),
      weight: Math.round(orders.reduce((s, o) => s + Number(o.weight), 0) * 100) / 100,
    },
  };
}
export type DeliveringList = Awaited<ReturnType<typeof deliveringList>>;
