import { iso, num } from "../shared/mapping";
import type { Order } from "./orders.repo";
import type { Plan } from "./plans.repo";
import type { proofRepo } from "./proof-of-delivery.repo";
import { fromMinutes } from "./tms.schema";

/** The public link of an order (path and query; the caller adds the origin). */
export const trackingPath = (token: string | null) =>
  token ? `/int/order-track?token=${encodeURIComponent(token)}` : null;

/** An order as the API answers: no org_id; weight as a number; windows as HH:mm; the tracking link path. */
export function toOrderDto(o: Order) {
  return {
    id: o.id,
    orderId: o.order_id,
    clientOrderId: o.client_order_id,
    customerCode: o.customer_code,
    customerName: o.customer_name,
    address: o.address,
    latitude: o.latitude,
    longitude: o.longitude,
    region: o.region,
    business: o.business,
    packets: o.packets,
    weight: num(o.weight),
    salesAgent: o.sales_agent,
    deliveryDateAt: o.delivery_date_at,
    windowStart: o.window_start === null ? null : fromMinutes(o.window_start),
    windowEnd: o.window_end === null ? null : fromMinutes(o.window_end),
    notes: o.notes,
    status: o.status,
    optimizationId: o.optimization_id,
    truck: o.vehicle_id,
    sequence: o.sequence,
    eta: iso(o.eta),
    startedAt: iso(o.started_at),
    finishedAt: iso(o.finished_at),
    finishedBy: o.finished_by,
    trackingUrl: o.tracking_expires_at && o.tracking_expires_at > new Date() ? trackingPath(o.tracking_token) : null,
    createdAt: iso(o.created_at),
    updatedAt: iso(o.updated_at),
  };
}

export type OrderDto = ReturnType<typeof toOrderDto>;

/** What an organisation's own system reads of its order (the integrations API). */
export function toIntegrationOrderDto(d: OrderDto) {
  return {
    orderId: d.orderId,
    clientOrderId: d.clientOrderId,
    customerCode: d.customerCode,
    deliveryDateAt: d.deliveryDateAt,
    status: d.status,
    eta: d.eta,
    startedAt: d.startedAt,
    finishedAt: d.finishedAt,
    finishedBy: d.finishedBy,
    trackingUrl: d.trackingUrl,
  };
}

/** A plan in the list: counts of its orders and trucks. */
export function toPlanListItemDto(
  x: Pick<Plan, "id" | "name" | "day" | "status" | "run_state" | "trucks" | "dispatched_at"> & {
    orders: number | string | null;
  },
) {
  return {
    id: x.id,
    name: x.name,
    day: x.day,
    status: x.status,
    runState: x.run_state,
    orders: Number(x.orders ?? 0),
    trucks: x.trucks.length,
    dispatchedAt: iso(x.dispatched_at),
  };
}

export function toPlanDto(p: Plan, orders?: Order[]) {
  return {
    id: p.id,
    name: p.name,
    day: p.day,
    depotId: p.depot_id,
    status: p.status,
    runState: p.run_state,
    progress: p.progress,
    trucks: p.trucks.map((t) => ({
      vehicleId: t.vehicle_id,
      capacityWeight: t.capacity_weight,
      capacityPackets: t.capacity_packets,
    })),
    routes:
      p.result?.routes.map((r) => ({
        vehicleId: r.vehicle_id,
        distanceM: r.distance_m,
        durationS: r.duration_s,
        geometry: r.geometry,
      })) ?? null,
    unassigned: p.result?.unassigned.map((u) => ({ orderId: u.order_id, reason: u.reason })) ?? null,
    dispatchedAt: iso(p.dispatched_at),
    createdAt: iso(p.created_at),
    updatedAt: iso(p.updated_at),
    ...(orders
      ? {
          orders: orders.map((o) => ({
            id: o.id,
            orderId: o.order_id,
            truck: o.vehicle_id,
            sequence: o.sequence,
            status: o.status,
            weight: num(o.weight),
            packets: o.packets,
          })),
        }
      : {}),
  };
}

export function toDepotDto(d: { id: string; name: string; latitude: number; longitude: number }) {
  return { id: d.id, name: d.name, latitude: d.latitude, longitude: d.longitude };
}

export function toApiKeyDto(k: {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}) {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    createdAt: iso(k.created_at),
    lastUsedAt: iso(k.last_used_at),
    revokedAt: iso(k.revoked_at),
  };
}

type ProofRow = NonNullable<Awaited<ReturnType<typeof proofRepo.find>>>;

/** A proof of delivery as the phone and the delivery page read it: ISO instant, the photo's path, no storage key. */
export function toProofDto(orderId: string, proof: ProofRow) {
  return {
    orderId,
    recipientName: proof.recipient_name,
    deliveredAt: proof.delivered_at.toISOString(),
    latitude: proof.latitude,
    longitude: proof.longitude,
    photoUrl: `/tms/orders/${orderId}/proof-of-delivery/photo`,
  };
}
