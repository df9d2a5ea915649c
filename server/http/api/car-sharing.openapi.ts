import type { ApiFragment } from "../openapi/openapi-document";

const err = { $ref: "#/components/responses/Error" };
const id = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const bookingRef = { $ref: "#/components/schemas/Booking" };
const CODES = [
  "TYPE_REQUIRED",
  "USER_REQUIRED",
  "VEHICLE_REQUIRED",
  "DESTINATION_REQUIRED",
  "PURPOSE_REQUIRED",
  "FIELD_REQUIRED",
  "OTHER_REASON_REQUIRED",
  "END_BEFORE_START",
  "START_IN_PAST",
  "ADVANCE_LIMIT_TOO_SHORT",
  "ADVANCE_LIMIT_EXCEEDED",
  "DURATION_TOO_SHORT",
  "DURATION_TOO_LONG",
  "OUTSIDE_ALLOWED_HOURS",
  "VEHICLE_OVERLAP",
  "USER_TIME_OVERLAP",
  "PASSENGER_OVERLAP",
  "PASSENGER_OVERLAP_SINGULAR",
  "USER_FUTURE_CAP_REACHED",
  "VEHICLE_NOT_IN_POOL",
  "BOOKING_NOT_ALLOWED",
  "invalid (passengers that are not user ids)",
];

/** /api/car-sharing in the API description. */
export const carSharingApi: ApiFragment = {
  tag: "car-sharing",
  description:
    "Pool-vehicle bookings (docs/car-sharing.md). A refused booking answers every violated rule: `error` is the first code, `details.violations` lists `{ code, field, params }` for each. These are the phone's endpoints: a web-only user's session or token is refused on every one with WEB_ONLY_ACCOUNT (403).",
  paths: {
    "/api/car-sharing/bookings": {
      get: {
        tags: ["car-sharing"],
        summary:
          "My bookings: those I drive and those I ride in as a passenger (every booking for an operator); each item has my_role",
        parameters: [
          {
            name: "tab",
            in: "query",
            schema: { type: "string", enum: ["all", "completed", "in-progress", "cancelled"] },
          },
          { name: "q", in: "query", schema: { type: "string" } },
          { name: "page", in: "query", schema: { type: "integer" } },
          { name: "size", in: "query", schema: { type: "integer" } },
          {
            name: "sort",
            in: "query",
            schema: { type: "string", enum: ["start", "end", "status", "vehicle", "user", "created"] },
          },
          { name: "dir", in: "query", schema: { type: "string", enum: ["asc", "desc"] } },
        ],
        responses: {
          200: {
            description: "A page of bookings",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    items: { type: "array", items: bookingRef },
                    total: { type: "integer" },
                    page: { type: "integer" },
                    size: { type: "integer" },
                    pages: { type: "integer" },
                  },
                },
              },
            },
          },
          default: err,
        },
      },
      post: {
        tags: ["car-sharing"],
        summary: "Book a pool vehicle",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/BookingInput" } } },
        },
        responses: {
          201: { description: "The booking", content: { "application/json": { schema: bookingRef } } },
          400: { ...err, description: `Refused: ${CODES.join(", ")}` },
          409: err,
          default: err,
        },
      },
    },
    "/api/car-sharing/bookings/{id}": {
      get: {
        tags: ["car-sharing"],
        summary: "One booking",
        parameters: [id],
        responses: {
          200: { description: "The booking", content: { "application/json": { schema: bookingRef } } },
          404: err,
          default: err,
        },
      },
      put: {
        tags: ["car-sharing"],
        summary: "Edit an approved booking that has not started (its user or an operator)",
        description:
          "The same fields and rules as a new booking; fields left out keep their stored values; the user does not change. The booking itself does not count as an overlap or towards the cap. A moved start re-arms the reminder.",
        parameters: [id],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/BookingInput" } } },
        },
        responses: {
          200: { description: "The edited booking", content: { "application/json": { schema: bookingRef } } },
          400: { ...err, description: `Refused: ${CODES.join(", ")}` },
          404: err,
          409: {
            ...err,
            description: "BOOKING_EDIT_FAILED (started, completed, cancelled, not yours) or an overlap / cap code",
          },
          default: err,
        },
      },
    },
    "/api/car-sharing/bookings/{id}/cancel": {
      post: {
        tags: ["car-sharing"],
        summary: "Cancel (permanent)",
        parameters: [id],
        responses: {
          200: { description: "The cancelled booking", content: { "application/json": { schema: bookingRef } } },
          409: { ...err, description: "BOOKING_CANCEL_FAILED" },
          default: err,
        },
      },
    },
    "/api/car-sharing/vehicles/free": {
      get: {
        tags: ["car-sharing"],
        summary: "Pool vehicles free for a period",
        parameters: [
          { name: "start", in: "query", required: true, schema: { type: "string" } },
          { name: "end", in: "query", required: true, schema: { type: "string" } },
        ],
        responses: {
          200: {
            description: "Free vehicles",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    items: {
                      type: "array",
                      items: {
                        type: "object",
                        properties: {
                          id: { type: "string" },
                          registration: { type: "string" },
                          category: { type: "string" },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          default: err,
        },
      },
    },
    "/api/car-sharing/settings": {
      get: {
        tags: ["car-sharing"],
        summary: "The organisation's general booking settings",
        responses: { 200: { description: "Settings" }, default: err },
      },
    },
  },
  schemas: {
    BookingInput: {
      type: "object",
      properties: {
        user_id: {
          type: "string",
          format: "uuid",
          description: "an operator books for anyone; others leave it out (themselves)",
        },
        vehicle_id: { type: "string", format: "uuid" },
        type: { type: "string", enum: ["shared", "personal"] },
        passengers: { type: "array", items: { type: "string", format: "uuid" } },
        destination: { type: "string" },
        purpose: { type: "string", description: 'a purpose entry id, or "other" with other_reason' },
        other_reason: { type: "string" },
        start: { type: "string", description: "YYYY-MM-DD HH:mm in the organisation's zone, or ISO 8601 with offset" },
        end: { type: "string" },
        notify_users: { type: "boolean" },
      },
    },
    Booking: {
      type: "object",
      properties: {
        id: { type: "string" },
        user: { type: "object" },
        vehicle: { type: "object" },
        type: { type: "string" },
        destination: { type: "string" },
        purpose: { type: ["object", "null"] },
        other_reason: { type: ["string", "null"] },
        start: { type: "string", format: "date-time" },
        end: { type: "string", format: "date-time" },
        notify_users: { type: "boolean" },
        status: { type: "string", enum: ["approved", "active", "completed", "cancelled", "finished", "unknown"] },
        no_show: { type: "boolean" },
        cancelled_at: { type: ["string", "null"] },
        returned_at: { type: ["string", "null"], format: "date-time" },
        distance_km: { type: ["number", "null"] },
        passengers: { type: "array", items: { type: "object" } },
        my_role: {
          type: ["string", "null"],
          enum: ["driver", "passenger", "booker", null],
          description: "in lists: the caller's part in the booking (booker: booked it for someone else)",
        },
      },
    },
  },
};
