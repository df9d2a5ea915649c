import type { ApiFragment } from "../openapi/openapi-document";

const err = { $ref: "#/components/responses/Error" };
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const id = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const op = (summary: string, extra: Record<string, unknown> = {}) => ({
  tags: ["tms"],
  summary,
  responses: { 200: { description: "OK" }, 400: err, 401: err, 403: err, 404: err, 409: err },
  ...extra,
});
const keyed = (summary: string, extra: Record<string, unknown> = {}) => ({
  tags: ["integrations"],
  summary,
  security: [{ apiKey: [] }],
  responses: {
    200: { description: "OK" },
    400: err,
    401: err,
    404: err,
    409: err,
    429: { description: "Rate limit reached (120 requests per key and minute); see Retry-After" },
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
    TmsOrder: {
      type: "object",
      properties: {
        id: { type: "string", format: "uuid" },
        ...orderInput.properties,
        status,
        truck: { type: ["string", "null"] },
        sequence: { type: ["integer", "null"] },
        eta: { type: ["string", "null"] },
        trackingUrl: { type: ["string", "null"] },
      },
    },
    TmsIntegrationOrder: {
      type: "object",
      properties: {
        orderId: { type: "string" },
        clientOrderId: { type: ["string", "null"] },
        customerCode: { type: "string" },
        deliveryDateAt: { type: "string" },
        status,
        eta: { type: ["string", "null"] },
        startedAt: { type: ["string", "null"] },
        finishedAt: { type: ["string", "null"] },
        finishedBy: { type: ["string", "null"] },
        trackingUrl: { type: ["string", "null"] },
      },
    },
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
      post: op("Create an order", { requestBody: json(ref("TmsOrderInput")) }),
    },
    "/api/tms/orders/{id}": {
      parameters: [id],
      get: op("An order"),
      put: op("Change a PENDING order (ORDER_NOT_PENDING otherwise)", { requestBody: json(ref("TmsOrderInput")) }),
      delete: op("Delete a PENDING order"),
    },
    "/api/tms/orders/{id}/finish": {
      parameters: [id],
      post: op("STARTED → FINISHED (ORDER_TRANSITION_INVALID otherwise)"),
    },
    "/api/tms/optimizations": {
      get: op("List optimisations"),
      post: op("Create a draft", { requestBody: json(ref("TmsOptimizationInput")) }),
    },
    "/api/tms/optimizations/{id}": {
      parameters: [id],
      get: op("An optimisation with routes, unplaced orders and its orders"),
      put: op("Change a draft (OPTIMIZATION_COMPLETED otherwise)"),
      delete: op("Delete a draft"),
    },
    "/api/tms/optimizations/{id}/run": {
      parameters: [id],
      post: op(
        "Queue the optimiser (202); follow runState and progress. An order heavier or bulkier than every truck answers ORDER_FITS_NO_TRUCK (409) at once, details.orders: [{ order_id, dimension, amount, largest }]",
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
    "/api/tms/depots": { get: op("Depots"), post: op("Add a depot") },
    "/api/tms/depots/{id}": { parameters: [id], delete: op("Delete a depot") },
    "/api/tms/api-keys": {
      get: op("Integration keys (administrators)"),
      post: op("Create a key; the key is answered once"),
    },
    "/api/tms/api-keys/{id}": { parameters: [id], delete: op("Revoke a key") },
    "/api/integrations/orders": {
      get: keyed("The organisation's orders with status and tracking link (status, day, page)"),
      post: keyed("Push one order or { orders: [...] } (up to 1000)", {
        requestBody: json({
          oneOf: [
            ref("TmsOrderInput"),
            { type: "object", properties: { orders: { type: "array", items: ref("TmsOrderInput") } } },
          ],
        }),
      }),
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
