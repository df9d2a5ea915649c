import type { AppContext } from "../../context";
import type { DB } from "../../db/database";
import type { TmsTruck } from "../../db/schema/tms";
import { AppError, notFound } from "../../errors";
import { visibleVehicleIds } from "../access/vehicle-scope";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { startOrdersIn } from "./orders.service";
import { depotsRepo } from "./depots.repo";
import { ordersRepo } from "./orders.repo";
import { assertOrdersFit } from "./plan-fit";
import { straightRoute, truckLoad } from "./plan-solver";
import { plansRepo, type Plan } from "./plans.repo";
import { toPlanDto, toPlanListItemDto } from "./tms.mapper";
import { settingsOf } from "./tms.settings";
import { tmsPolicy } from "./tms.policy";
import { moveOrderSchema, optimizationInputSchema, trucksFromForm, type OptimizationInput } from "./tms.schema";

export type { Plan };

/** Form fields as posted (trucks as `truck` + `weight_<id>`/`packets_<id>`) or the API's JSON. */
export function optimizationFields(form: Record<string, unknown>): Record<string, unknown> {
  return Array.isArray(form.trucks) ? form : { ...form, trucks: trucksFromForm(form) };
}

/** A user limited to some vehicles sees the plans whose every truck is theirs: the list and every single plan alike. */
async function inScope<T extends { trucks: TmsTruck[] }>(ctx: AppContext, p: Principal, plans: T[]): Promise<T[]> {
  if (p.teamIds === "all" && p.vehicleIds === null) return plans;
  const visible = await visibleVehicleIds(ctx.db, p, [
    ...new Set(plans.flatMap((x) => x.trucks.map((t) => t.vehicle_id))),
  ]);
  return plans.filter((x) => x.trucks.every((t) => visible.has(t.vehicle_id)));
}

export async function listPlans(
  ctx: AppContext,
  p: Principal,
  filter: { status?: "draft" | "completed"; dispatched?: boolean } = {},
) {
  tmsPolicy.read(p);
  return (await inScope(ctx, p, await plansRepo.list(ctx.db, p.orgId, filter))).map(toPlanListItemDto);
}

/** The plan as stored, when the user may see it (the service's own checks, the optimiser, the dispatch board). */
export async function visiblePlan(ctx: AppContext, p: Principal, id: string): Promise<Plan> {
  tmsPolicy.read(p);
  const plan = await plansRepo.findById(ctx.db, p.orgId, id);
  if (!plan || !(await inScope(ctx, p, [plan])).length) throw notFound("optimization");
  return plan;
}

/** The plan with its orders. */
export async function getPlan(ctx: AppContext, p: Principal, id: string) {
  const plan = await visiblePlan(ctx, p, id);
  return toPlanDto(plan, await ordersRepo.byPlan(ctx.db, p.orgId, id));
}

/** The plan with its orders, each truck's load against capacity, and the unassigned orders (the plan page). */
export async function planDetails(ctx: AppContext, p: Principal, id: string) {
  const plan = await visiblePlan(ctx, p, id);
  const orders = await ordersRepo.byPlan(ctx.db, p.orgId, id);
  const depot = plan.depot_id ? await depotsRepo.find(ctx.db, p.orgId, plan.depot_id) : undefined;
  const trucks = plan.trucks.map((t) => ({
    ...t,
    load: truckLoad(t, orders),
    route: plan.result?.routes.find((r) => r.vehicle_id === t.vehicle_id) ?? null,
  }));
  return { plan, orders, trucks, depot: depot ?? null };
}

async function checkInput(db: DB, p: Principal, input: OptimizationInput, planId: string | null) {
  if (!(await depotsRepo.find(db, p.orgId, input.depot_id)))
    throw new AppError("VALIDATION", "Unknown depot", { field: "depot_id" });
  const vehicleIds = [...new Set(input.trucks.map((t) => t.vehicle_id))];
  const visible = await visibleVehicleIds(db, p, vehicleIds);
  if (vehicleIds.some((v) => !visible.has(v))) throw new AppError("VALIDATION", "Unknown truck", { field: "trucks" });
  const orderIds = [...new Set(input.orders)];
  const orders = await ordersRepo.byIds(db, p.orgId, orderIds);
  if (orders.length !== orderIds.length) throw new AppError("VALIDATION", "Unknown order", { field: "orders" });
  for (const o of orders) {
    if (o.status !== "PENDING")
      throw new AppError("ORDER_NOT_PENDING", `Order ${o.order_id} is ${o.status}`, { field: "orders" });
    if (o.optimization_id && o.optimization_id !== planId)
      throw new AppError("ORDER_IN_PLAN", `Order ${o.order_id} is in another optimisation`, { field: "orders" });
  }
  const trucks: TmsTruck[] = vehicleIds.map((v) => {
    const t = input.trucks.find((x) => x.vehicle_id === v)!;
    return { vehicle_id: v, capacity_weight: t.capacity_weight, capacity_packets: t.capacity_packets };
  });
  // before anything is stored: an order no truck can carry is named now, not after the optimiser's time budget
  await assertOrdersFit(db, p.orgId, orders, trucks);
  return { trucks, orderIds };
}

export function assertDraft(plan: Plan) {
  if (plan.status !== "draft") throw new AppError("OPTIMIZATION_COMPLETED", "The optimisation is completed");
  if (plan.run_state === "queued" || plan.run_state === "running")
    throw new AppError("OPTIMIZATION_RUNNING", "The optimiser is running");
}

export async function createPlan(ctx: AppContext, p: Principal, fields: Record<string, unknown>) {
  tmsPolicy.write(p);
  const input = optimizationInputSchema.parse(optimizationFields(fields));
  const plan = await ctx.db.transaction().execute(async (trx) => {
    const { trucks, orderIds } = await checkInput(trx, p, input, null);
    const plan = await plansRepo.insert(trx, p.orgId, {
      name: input.name,
      day: input.day,
      depot_id: input.depot_id,
      trucks,
      created_by: p.userId,
    });
    await ordersRepo.assign(trx, p.orgId, orderIds, { optimization_id: plan.id, vehicle_id: null, sequence: null });
    await audit.record(trx, p, {
      entity: "tms_optimization",
      id: plan.id,
      action: "create",
      after: { ...plan, orders: orderIds.length },
    });
    return plan;
  });
  return toPlanDto(plan);
}

/** Changing the orders or trucks of a draft drops its result: the plan must be optimised again. */
export async function updatePlan(ctx: AppContext, p: Principal, id: string, fields: Record<string, unknown>) {
  tmsPolicy.write(p);
  await visiblePlan(ctx, p, id);
  const input = optimizationInputSchema.parse(optimizationFields(fields));
  const plan = await ctx.db.transaction().execute(async (trx) => {
    const before = (await plansRepo.lock(trx, p.orgId, id))!;
    assertDraft(before);
    const { trucks, orderIds } = await checkInput(trx, p, input, id);
    const current = await ordersRepo.byPlan(trx, p.orgId, id);
    await ordersRepo.assign(
      trx,
      p.orgId,
      current.map((o) => o.id).filter((o) => !orderIds.includes(o)),
      { optimization_id: null, vehicle_id: null, sequence: null },
    );
    await ordersRepo.assign(trx, p.orgId, orderIds, { optimization_id: id, vehicle_id: null, sequence: null });
    const plan = (await plansRepo.update(trx, p.orgId, id, {
      name: input.name,
      day: input.day,
      depot_id: input.depot_id,
      trucks,
      result: null,
      run_state: "idle",
      progress: null,
    }))!;
    await audit.record(trx, p, {
      entity: "tms_optimization",
      id,
      action: "update",
      before,
      after: { ...plan, orders: orderIds.length },
    });
    return plan;
  });
  return toPlanDto(plan);
}

export async function deletePlan(ctx: AppContext, p: Principal, id: string) {
  tmsPolicy.write(p);
  await visiblePlan(ctx, p, id);
  await ctx.db.transaction().execute(async (trx) => {
    const before = (await plansRepo.lock(trx, p.orgId, id))!;
    assertDraft(before);
    const orders = await ordersRepo.byPlan(trx, p.orgId, id);
    await ordersRepo.assign(
      trx,
      p.orgId,
      orders.map((o) => o.id),
      { optimization_id: null, vehicle_id: null, sequence: null },
    );
    await plansRepo.delete(trx, p.orgId, id);
    await audit.record(trx, p, { entity: "tms_optimization", id, action: "delete", before });
  });
}

/**
 * The planner moves an order to another truck (or out of the plan) at a place in its sequence. The target truck's
 * capacity is checked (TRUCK_OVER_CAPACITY); both trucks' routes are measured again.
 */
export async function moveOrder(ctx: AppContext, p: Principal, id: string, fields: Record<string, unknown>) {
  tmsPolicy.write(p);
  await visiblePlan(ctx, p, id);
  const input = moveOrderSchema.parse(fields);
  await ctx.db.transaction().execute(async (trx) => {
    const plan = (await plansRepo.lock(trx, p.orgId, id))!;
    assertDraft(plan);
    if (!plan.result) throw new AppError("OPTIMIZATION_NOT_RUN", "Run the optimiser first");
    const orders = await ordersRepo.byPlan(trx, p.orgId, id);
    const order = orders.find((o) => o.id === input.order);
    if (!order) throw new AppError("VALIDATION", "The order is not in this plan", { field: "order" });
    const target = input.vehicle_id ? plan.trucks.find((t) => t.vehicle_id === input.vehicle_id) : null;
    if (input.vehicle_id && !target)
      throw new AppError("VALIDATION", "The truck is not in this plan", { field: "vehicle_id" });
    const from = order.vehicle_id;
    const moved = orders.map((o) => (o.id === order.id ? { ...o, vehicle_id: input.vehicle_id } : o));
    if (target && truckLoad(target, moved).over)
      throw new AppError("TRUCK_OVER_CAPACITY", "The truck would be over its capacity", {
        field: "vehicle_id",
        vehicle_id: target.vehicle_id,
      });
    const depot = plan.depot_id ? await depotsRepo.find(trx, p.orgId, plan.depot_id) : undefined;
    const settings = await settingsOf(trx, p.orgId);
    const result = {
      ...plan.result,
      routes: [...plan.result.routes],
      unassigned: plan.result.unassigned.filter((u) => u.order_id !== order.id),
    };
    for (const vehicleId of new Set([from, input.vehicle_id].filter((v): v is string => Boolean(v)))) {
      const seq = orders
        .filter((o) => o.vehicle_id === vehicleId && o.id !== order.id)
        .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
      if (vehicleId === input.vehicle_id)
        seq.splice(Math.min((input.position ?? seq.length + 1) - 1, seq.length), 0, order);
      for (let i = 0; i < seq.length; i++)
        await ordersRepo.setPlace(trx, p.orgId, seq[i].id, { vehicle_id: vehicleId, sequence: i + 1 });
      const route = {
        vehicle_id: vehicleId,
        ...straightRoute(
          depot ?? { latitude: seq[0]?.latitude ?? 0, longitude: seq[0]?.longitude ?? 0 },
          seq,
          settings.service_minutes,
        ),
      };
      result.routes = [...result.routes.filter((r) => r.vehicle_id !== vehicleId), ...(seq.length ? [route] : [])];
    }
    if (!input.vehicle_id) {
      await ordersRepo.setPlace(trx, p.orgId, order.id, { vehicle_id: null, sequence: null, eta: null });
      result.unassigned.push({ order_id: order.id, reason: "MANUAL" });
    }
    await plansRepo.update(trx, p.orgId, id, { result });
    await audit.record(trx, p, {
      entity: "tms_optimization",
      id,
      action: "update",
      before: { order: order.order_id, vehicle_id: from },
      after: { order: order.order_id, vehicle_id: input.vehicle_id, position: input.position },
    });
  });
  return getPlan(ctx, p, id);
}

/**
 * draft → completed: the plan has been optimised, no truck is over capacity; orders left without a truck leave the
 * plan (free for another one).
 */
export async function completePlan(ctx: AppContext, p: Principal, id: string) {
  tmsPolicy.write(p);
  await visiblePlan(ctx, p, id);
  const plan = await ctx.db.transaction().execute(async (trx) => {
    const before = (await plansRepo.lock(trx, p.orgId, id))!;
    assertDraft(before);
    if (!before.result || before.run_state !== "done")
      throw new AppError("OPTIMIZATION_NOT_RUN", "Run the optimiser first");
    const orders = await ordersRepo.byPlan(trx, p.orgId, id);
    for (const t of before.trucks) {
      if (truckLoad(t, orders).over)
        throw new AppError("TRUCK_OVER_CAPACITY", "A truck is over its capacity", { vehicle_id: t.vehicle_id });
    }
    await ordersRepo.assign(
      trx,
      p.orgId,
      orders.filter((o) => !o.vehicle_id).map((o) => o.id),
      { optimization_id: null, vehicle_id: null, sequence: null },
    );
    const plan = (await plansRepo.update(trx, p.orgId, id, { status: "completed" }))!;
    await audit.record(trx, p, {
      entity: "tms_optimization",
      id,
      action: "complete",
      before: { status: before.status },
      after: { status: plan.status },
    });
    return plan;
  });
  return toPlanDto(plan);
}

/** A completed plan goes to the drivers: every order on a truck moves PENDING → STARTED. */
export async function dispatchPlan(ctx: AppContext, p: Principal, id: string) {
  tmsPolicy.write(p);
  await visiblePlan(ctx, p, id);
  const plan = await ctx.db.transaction().execute(async (trx) => {
    const before = (await plansRepo.lock(trx, p.orgId, id))!;
    if (before.status !== "completed")
      throw new AppError("OPTIMIZATION_NOT_COMPLETED", "Complete the optimisation first");
    if (before.dispatched_at) throw new AppError("OPTIMIZATION_DISPATCHED", "Already dispatched");
    const orders = await ordersRepo.byPlan(trx, p.orgId, id);
    const started = await startOrdersIn(
      trx,
      p.orgId,
      orders.filter((o) => o.vehicle_id).map((o) => o.id),
    );
    const plan = (await plansRepo.update(trx, p.orgId, id, { dispatched_at: new Date() }))!;
    await audit.record(trx, p, { entity: "tms_optimization", id, action: "dispatch", after: { orders: started } });
    return plan;
  });
  return toPlanDto(plan);
}
