import type { ApiFragment } from "../openapi/openapi-document";
import { obj, page, S } from "../openapi/schema-kit";

const err = { $ref: "#/components/responses/Error" };
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const id = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
/** `status`: the success status (201 created, 202 queued, 204 deleted with no body). */
const op = (summary: string, extra: Record<string, unknown> = {}, status = 200) => ({
  tags: ["tms"],
  summary,
  responses: {
    [status]: { description: status === 204 ? "Done, no content" : "OK" },
    400: err,
    401: err,
    403: err,
    404: err,
    409: err,
  },
  ...extra,
});
const keyed = (summary: string, extra: Record<string, unknown> = {}, status = 200) => ({
  tags: ["integrations"],
  summary,
  security: [{ apiKey: [] }],
  responses: {
    [status]: { description: "OK" },
    400: err,
    401: err,
    404: err,
    409: err,
    429: {
      description: "Rate limit reached (120 requests per key and minute); see Retry-After",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    },
  },
  ...extra,
});

const orderInput = {
  type: "object",
  required: ["orderId", "customerCode", "latitude", "longitude", "deliveryDateAt"],
  properties: {
    orderId: { type: "string" },
    clientOrderId: { type: "string" },
    customerCode: { type: "string" },
    customerName: { type: "string" },
    address: { type: "string" },
    latitude: { type: "number" },
    longitude: { type: "number" },
    region: { type: "string" },
    business: { type: "string" },
    packets: { type: "integer" },
    weight: { type: "number", description: "kg" },
    salesAgent: { type: "string" },
    deliveryDateAt: { type: "string", format: "date" },
    windowStart: { type: "string", description: "HH:mm" },
    windowEnd: { type: "string", description: "HH:mm" },
    notes: { type: "string" },
  },
};
const status = { type: "string", enum: ["PENDING", "STARTED", "FINISHED"] };

/** Transport management (/api/tms) and the integrations base path (/api/integrations, spec section 7). */
export const tmsApi: ApiFragment = {
  tag: "tms",
  description:
    "Transport orders (PENDING → STARTED → FINISHED), optimisations (draft → completed, then dispatched), delivering lists, settings, integration keys; and /api/integrations for an organisation's own systems (X-Api-Key).",
  schemas: {
    TmsOrderInput: orderInput,
    TmsOrder: obj({
      id: S.uuid,
      orderId: S.str,
      clientOrderId: S.strN,
      customerCode: S.str,
      customerName: S.strN,
      address: S.strN,
      latitude: S.num,
      longitude: S.num,
      region: S.strN,
      business: S.strN,
      packets: S.int,
      weight: { type: ["number", "null"], description: "kg" },
      salesAgent: S.strN,
      deliveryDateAt: S.date,
      windowStart: { type: ["string", "null"], description: "HH:mm" },
      windowEnd: { type: ["string", "null"], description: "HH:mm" },
      notes: S.strN,
      status,
      optimizationId: S.uuidN,
      truck: { ...S.uuidN, description: "the vehicle" },
      sequence: S.intN,
      eta: S.dtN,
      startedAt: S.dtN,
      finishedAt: S.dtN,
      finishedBy: S.enum(["driver", "arrival", "api", "planner", null]),
      trackingUrl: { type: ["string", "null"], description: "path of the public tracking page while it is valid" },
      createdAt: S.dt,
      updatedAt: S.dt,
    }),
    TmsIntegrationOrder: obj({
      orderId: S.str,
      clientOrderId: S.strN,
      customerCode: S.str,
      deliveryDateAt: S.date,
      status,
      eta: S.dtN,
      startedAt: S.dtN,
      finishedAt: S.dtN,
      finishedBy: S.enum(["driver", "arrival", "api", "planner", null]),
      trackingUrl: S.strN,
    }),
    TmsPlan: obj({
      id: S.uuid,
      name: S.str,
      day: S.date,
      depotId: S.uuidN,
      status: S.enum(["draft", "completed"]),
      runState: S.str,
      progress: S.nullable({ type: "object" }),
      trucks: S.arr(obj({ vehicleId: S.uuid, capacityWeight: S.numN, capacityPackets: S.intN })),
      routes: S.nullable(S.arr(obj({ vehicleId: S.uuid, distanceM: S.num, durationS: S.num, geometry: S.any }))),
      unassigned: S.nullable(S.arr(obj({ orderId: S.uuid, reason: S.str }))),
      dispatchedAt: S.dtN,
      createdAt: S.dt,
      updatedAt: S.dt,
      orders: S.opt(
        S.arr(
          obj({
            id: S.uuid,
            orderId: S.str,
            truck: S.uuidN,
            sequence: S.intN,
            status,
            weight: S.numN,
            packets: S.int,
          }),
        ),
      ),
    }),
    TmsDepot: obj({ id: S.uuid, name: S.str, latitude: S.num, longitude: S.num }),
    TmsOptimizationInput: {
      type: "object",
      required: ["name", "day", "depotId", "orders", "trucks"],
      properties: {
        name: { type: "string" },
        day: { type: "string", format: "date" },
        depotId: { type: "string", format: "uuid" },
        orders: { type: "array", items: { type: "string", format: "uuid" } },
        trucks: {
          type: "array",
          items: {
            type: "object",
            properties: {
              vehicleId: { type: "string", format: "uuid" },
              capacityWeight: { type: "number" },
              capacityPackets: { type: "integer" },
            },
          },
        },
      },
    },
  },
  paths: {
    "/api/tms/orders": {
      get: op("List orders (q, status, day, page, size, sort)"),
      post: op("Create an order", { requestBody: json(ref("TmsOrderInput")) }, 201),
    },
    "/api/tms/orders/{id}": {
      parameters: [id],
      get: op("An order"),
      put: op("Change a PENDING order (ORDER_NOT_PENDING otherwise)", { requestBody: json(ref("TmsOrderInput")) }),
      delete: op("Delete a PENDING order", {}, 204),
    },
    "/api/tms/orders/{id}/finish": {
      parameters: [id],
      post: op("STARTED → FINISHED (ORDER_TRANSITION_INVALID otherwise)"),
    },
    "/api/tms/optimizations": {
      get: op("List optimisations"),
      post: op(
        "Create a draft. An order no truck can carry (heavier or bulkier than every truck, or both together) answers ORDER_FITS_NO_TRUCK (409) and nothing is stored, details.orders: [{ id, order_id, client_order_id, dimension, ... }]",
        { requestBody: json(ref("TmsOptimizationInput")) },
        201,
      ),
    },
    "/api/tms/optimizations/{id}": {
      parameters: [id],
      get: op("An optimisation with routes, unplaced orders and its orders"),
      put: op("Change a draft (OPTIMIZATION_COMPLETED otherwise; ORDER_FITS_NO_TRUCK as on create)"),
      delete: op("Delete a draft", {}, 204),
    },
    "/api/tms/optimizations/{id}/run": {
      parameters: [id],
      post: op(
        "Queue the optimiser (202); follow runState and progress. An order no truck can carry answers ORDER_FITS_NO_TRUCK (409) at once, details.orders as on create",
        {},
        202,
      ),
    },
    "/api/tms/optimizations/{id}/move": {
      parameters: [id],
      post: op("Move an order to a truck and place (TRUCK_OVER_CAPACITY)", {
        requestBody: json({
          type: "object",
          properties: {
            order: { type: "string" },
            vehicleId: { type: ["string", "null"] },
            position: { type: "integer" },
          },
        }),
      }),
    },
    "/api/tms/optimizations/{id}/complete": {
      parameters: [id],
      post: op("draft → completed (OPTIMIZATION_NOT_RUN, TRUCK_OVER_CAPACITY)"),
    },
    "/api/tms/optimizations/{id}/dispatch": {
      parameters: [id],
      post: op(
        "Send a completed plan to the drivers: its orders PENDING → STARTED (OPTIMIZATION_NOT_COMPLETED, OPTIMIZATION_DISPATCHED)",
      ),
    },
    "/api/tms/optimizations/{id}/delivering/{vehicleId}": {
      parameters: [id, { ...id, name: "vehicleId" }],
      get: op("One truck's delivering list"),
    },
    "/api/tms/settings": { get: op("TMS settings"), put: op("Save the TMS settings") },
    "/api/tms/depots": { get: op("Depots"), post: op("Add a depot", {}, 201) },
    "/api/tms/depots/{id}": { parameters: [id], delete: op("Delete a depot", {}, 204) },
    "/api/tms/api-keys": {
      get: op("Integration keys (administrators)"),
      post: op("Create a key; the key is answered once", {}, 201),
    },
    "/api/tms/api-keys/{id}": { parameters: [id], delete: op("Revoke a key", {}, 204) },
    "/api/integrations/orders": {
      get: keyed("The organisation's orders with status and tracking link (status, day, page)"),
      post: keyed(
        "Push one order or { orders: [...] } (up to 1000)",
        {
          requestBody: json({
            oneOf: [
              ref("TmsOrderInput"),
              { type: "object", properties: { orders: { type: "array", items: ref("TmsOrderInput") } } },
            ],
          }),
        },
        201,
      ),
    },
    "/api/integrations/orders/{orderId}": {
      parameters: [{ name: "orderId", in: "path", required: true, schema: { type: "string" } }],
      get: keyed("An order's status and tracking link", {
        responses: { 200: json(ref("TmsIntegrationOrder")), 401: err, 404: err, 429: err },
      }),
    },
    "/api/integrations/orders/{orderId}/finish": {
      parameters: [{ name: "orderId", in: "path", required: true, schema: { type: "string" } }],
      post: keyed("Mark a STARTED order delivered (driver app, own system)"),
    },
  },
};

/** The success answers, by operation (the `op` and `keyed` builders above give status and errors). */
const ANSWERS: Record<string, unknown> = {
  "get /api/tms/orders": page(ref("TmsOrder")),
  "post /api/tms/orders": ref("TmsOrder"),
  "get /api/tms/orders/{id}": ref("TmsOrder"),
  "put /api/tms/orders/{id}": ref("TmsOrder"),
  "post /api/tms/orders/{id}/finish": ref("TmsOrder"),
  "get /api/tms/optimizations": S.arr(
    obj({
      id: S.uuid,
      name: S.str,
      day: S.date,
      status: S.enum(["draft", "completed"]),
      runState: S.str,
      orders: S.int,
      trucks: S.int,
      dispatchedAt: S.dtN,
    }),
  ),
  "post /api/tms/optimizations": ref("TmsPlan"),
  "get /api/tms/optimizations/{id}": ref("TmsPlan"),
  "put /api/tms/optimizations/{id}": ref("TmsPlan"),
  "post /api/tms/optimizations/{id}/run": ref("TmsPlan"),
  "post /api/tms/optimizations/{id}/move": ref("TmsPlan"),
  "post /api/tms/optimizations/{id}/complete": ref("TmsPlan"),
  "post /api/tms/optimizations/{id}/dispatch": ref("TmsPlan"),
  "get /api/tms/optimizations/{id}/delivering/{vehicleId}": {
    type: "object",
    required: ["plan", "truck", "route", "units", "stops"],
    properties: { stops: { type: "array", items: { type: "object" } } },
  },
  "get /api/tms/settings": { type: "object" },
  "put /api/tms/settings": { type: "object" },
  "get /api/tms/depots": S.arr(ref("TmsDepot")),
  "post /api/tms/depots": ref("TmsDepot"),
  "get /api/tms/api-keys": S.arr(
    obj({ id: S.uuid, name: S.str, prefix: S.str, createdAt: S.dt, lastUsedAt: S.dtN, revokedAt: S.dtN }),
  ),
  "post /api/tms/api-keys": obj({ id: S.uuid, key: { type: "string", description: "shown once" } }),
  "get /api/integrations/orders": page(ref("TmsIntegrationOrder")),
  "post /api/integrations/orders": obj({ orders: S.arr(ref("TmsIntegrationOrder")) }),
  "get /api/integrations/orders/{orderId}": ref("TmsIntegrationOrder"),
  "post /api/integrations/orders/{orderId}/finish": ref("TmsIntegrationOrder"),
};
for (const [key, schema] of Object.entries(ANSWERS)) {
  const [method, path] = key.split(" ");
  const op = (tmsApi.paths[path] as Record<string, { responses: Record<string, Record<string, unknown>> }>)[method];
  const status = Object.keys(op.responses).find((s) => s.startsWith("2"))!;
  op.responses[status] = {
    description: op.responses[status].description ?? "OK",
    content: { "application/json": { schema } },
  };
}
