import { redirect } from "react-router";
import { ordersService as orders, orderFilterSchema, orderInputSchema, fromMinutes } from "../../../server/modules/tms";
import { vehicleOptions } from "../../../server/modules/vehicles";
import { formAction, intent } from "../../lib/forms.server";
import { proofOf } from "./proof.server";
import { can } from "../../lib/permissions";
import {
  idParam,
  listQueryFrom,
  load,
  requirePermission,
  requireUser,
  type LoadContext,
} from "../../lib/route-kit.server";

export async function ordersListLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "tms:read");
  const filter = orderFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const page = await load(() => orders.listOrders(context.app, p, listQueryFrom(request), filter));
  return {
    page: {
      ...page,
      items: page.items.map((o) => ({
        id: o.id,
        order_id: o.orderId,
        client_order_id: o.clientOrderId,
        customer_code: o.customerCode,
        customer_name: o.customerName,
        region: o.region,
        packets: o.packets,
        weight: Number(o.weight),
        delivery_date_at: o.deliveryDateAt,
        status: o.status,
      })),
    },
    canWrite: can(p, "tms:write"),
  };
}

export type OrderFormValues = Record<string, string>;

/** A stored order as form strings. */
export function orderFormValues(o: orders.Order) {
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return {
    order_id: o.order_id,
    client_order_id: text(o.client_order_id),
    customer_code: o.customer_code,
    customer_name: text(o.customer_name),
    address: text(o.address),
    latitude: String(o.latitude),
    longitude: String(o.longitude),
    region: text(o.region),
    business: text(o.business),
    packets: String(o.packets),
    weight: String(Number(o.weight)),
    sales_agent: text(o.sales_agent),
    delivery_date_at: o.delivery_date_at,
    window_start: fromMinutes(o.window_start),
    window_end: fromMinutes(o.window_end),
    notes: text(o.notes),
  };
}

export function addOrderLoader(context: LoadContext, request: Request) {
  requirePermission(context, request, "tms:write");
  return {};
}

export async function addOrderAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "tms:write");
  return formAction(
    { request, context },
    {
      save: intent({
        schema: orderInputSchema,
        run: async ({ value }) => {
          const order = await orders.createOrder(context.app, p, value);
          return redirect(`/tms/orders/${order.id}?created=1`);
        },
      }),
    },
  );
}

export async function orderLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "tms:read");
  const order = await load(() => orders.orderRow(context.app, p, idParam(rawId)));
  const vehicles = order.vehicle_id ? await vehicleOptions(context.app, p) : [];
  const truck = vehicles.find((v) => v.id === order.vehicle_id);
  const canWrite = can(p, "tms:write");
  const proof = await proofOf(context, p.orgId, order.id);
  return {
    order: {
      ...orderFormValues(order),
      id: order.id,
      status: order.status,
      sequence: order.sequence,
      eta: order.eta?.toISOString() ?? null,
      started_at: order.started_at?.toISOString() ?? null,
      finished_at: order.finished_at?.toISOString() ?? null,
      finished_by: order.finished_by,
      optimization_id: order.optimization_id,
    },
    truck: truck ? truck.registration : null,
    proof,
    trackingUrl: orders.trackingPath(order.tracking_token),
    version: String(order.updated_at.getTime()),
    canWrite,
    confirmDelete: canWrite && order.status === "PENDING" && new URL(request.url).searchParams.get("delete") === "1",
  };
}

export async function orderAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requireUser(context, request);
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      save: intent({
        schema: orderInputSchema,
        serviceParses: true,
        run: async ({ value }) => {
          await orders.updateOrder(context.app, p, id, value);
          return redirect(`/tms/orders/${id}?saved=1`);
        },
      }),
      finish: intent({
        run: async () => {
          await orders.finishOrder(context.app, p, id, "planner");
          return redirect(`/tms/orders/${id}?finished=1`);
        },
      }),
      delete: intent({
        run: async () => {
          await orders.deleteOrder(context.app, p, id);
          return redirect("/tms/orders?deleted=1");
        },
      }),
    },
  );
}
