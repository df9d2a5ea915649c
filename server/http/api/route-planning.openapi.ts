import type { ApiFragment } from "../openapi/openapi-document";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { "application/json": { schema } } });
const error = { $ref: "#/components/responses/Error" };
const idParam = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const position = { required: true, ...json(ref("PhonePosition")) };

/** The route-planning endpoints: the driver's phone (/my) and the dispatcher's jobs. */
export const routePlanningApi: ApiFragment = {
  tag: "route-planning",
  description:
    "Field jobs: the driver's jobs of today, self-assignment, check-in and check-out with the phone's position (refused beyond the radius with the distance in details), the working day (time attendance), and the dispatcher's jobs. /my/* are the phone's endpoints: a web-only user's session or token is refused there with WEB_ONLY_ACCOUNT (403).",
  paths: {
    "/api/route-planning/my/jobs": {
      get: {
        tags: ["route-planning"],
        summary:
          "My jobs of a day (today by default), in the accepted optimised route's order (planned_sequence), then the rest by scheduled arrival; each with its live ETA (live_eta, live_eta_status, predicted_late)",
        parameters: [{ name: "day", in: "query", schema: { type: "string", format: "date" } }],
        responses: {
          200: {
            description: "jobs",
            ...json({
              type: "object",
              properties: { day: { type: "string" }, jobs: { type: "array", items: ref("RouteJob") } },
            }),
          },
          401: error,
        },
      },
    },
    "/api/route-planning/my/nearby": {
      get: {
        tags: ["route-planning"],
        summary: "Today's unassigned jobs within the self-assignment radius, nearest first",
        parameters: [
          { name: "latitude", in: "query", required: true, schema: { type: "number" } },
          { name: "longitude", in: "query", required: true, schema: { type: "number" } },
        ],
        responses: {
          200: {
            description: "jobs with distance_m",
            ...json({ type: "object", properties: { jobs: { type: "array", items: ref("RouteJob") } } }),
          },
          403: error,
        },
      },
    },
    "/api/route-planning/my/jobs/{id}/assign": {
      post: {
        tags: ["route-planning"],
        summary: "Take a nearby unassigned job (self-assignment on)",
        parameters: [idParam],
        requestBody: position,
        responses: { 200: { description: "the job", ...json(ref("RouteJob")) }, 403: error, 409: error },
      },
    },
    "/api/route-planning/my/jobs/{id}/check-in": {
      post: {
        tags: ["route-planning"],
        summary: "Check in at the job (within the check-in radius)",
        parameters: [idParam],
        requestBody: position,
        responses: {
          200: { description: "the job, started", ...json(ref("RouteJob")) },
          400: error,
          403: error,
          409: {
            description: "CHECKIN_TOO_FAR (details.distance_m, details.radius_m) or JOB_STATE",
            ...json(ref("Error")),
          },
        },
      },
    },
    "/api/route-planning/my/jobs/{id}/check-out": {
      post: {
        tags: ["route-planning"],
        summary: "Check out of the job (within the check-out radius)",
        parameters: [idParam],
        requestBody: position,
        responses: {
          200: { description: "the job, finished", ...json(ref("RouteJob")) },
          400: error,
          403: error,
          409: error,
        },
      },
    },
    "/api/route-planning/my/day/start": {
      post: {
        tags: ["route-planning"],
        summary: "Start the working day (refused before the start-hour threshold)",
        requestBody: { required: false, ...json(ref("PhonePosition")) },
        responses: {
          201: { description: "the day", ...json(ref("AttendanceDay")) },
          400: error,
          403: error,
          409: error,
        },
      },
    },
    "/api/route-planning/my/day/end": {
      post: {
        tags: ["route-planning"],
        summary: "End the working day (made_at: when it ended on the phone, as for the start)",
        requestBody: {
          required: false,
          ...json({ type: "object", properties: { made_at: { type: "string", format: "date-time" } } }),
        },
        responses: { 200: { description: "the day", ...json(ref("AttendanceDay")) }, 400: error, 409: error },
      },
    },
    "/api/route-planning/my/attendance": {
      get: {
        tags: ["route-planning"],
        summary: "My working days (only while time attendance is active)",
        parameters: [
          { name: "from", in: "query", schema: { type: "string", format: "date" } },
          { name: "to", in: "query", schema: { type: "string", format: "date" } },
        ],
        responses: {
          200: {
            description: "days",
            ...json({ type: "object", properties: { days: { type: "array", items: ref("AttendanceDay") } } }),
          },
          403: error,
        },
      },
    },
    "/api/route-planning/jobs": {
      get: {
        tags: ["route-planning"],
        summary: "Jobs (routePlanning:read)",
        parameters: [
          { name: "day", in: "query", schema: { type: "string", format: "date" } },
          { name: "from", in: "query", schema: { type: "string", format: "date" } },
          { name: "to", in: "query", schema: { type: "string", format: "date" } },
          { name: "status", in: "query", schema: { enum: ["not_started", "started", "finished"] } },
        ],
        responses: {
          200: {
            description: "a page of jobs",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["items", "total", "page", "size", "pages"],
                  properties: { items: { type: "array", items: ref("RouteJob") } },
                },
              },
            },
          },
          403: error,
        },
      },
      post: {
        tags: ["route-planning"],
        summary: "Create a job, one per day of its recurrence (days 1 = Monday … 7, repeat_until, dates)",
        requestBody: { required: true, ...json(ref("RouteJobInput")) },
        responses: {
          201: {
            description: "ids",
            ...json({ type: "object", properties: { ids: { type: "array", items: { type: "string" } } } }),
          },
          400: error,
          403: error,
        },
      },
    },
    "/api/route-planning/jobs/{id}": {
      get: {
        tags: ["route-planning"],
        summary: "A job",
        parameters: [idParam],
        responses: { 200: { description: "the job", ...json(ref("RouteJob")) }, 404: error },
      },
      put: {
        tags: ["route-planning"],
        summary: "Edit a job",
        parameters: [idParam],
        requestBody: { required: true, ...json(ref("RouteJobInput")) },
        responses: { 200: { description: "the job", ...json(ref("RouteJob")) }, 400: error, 404: error },
      },
      delete: {
        tags: ["route-planning"],
        summary: "Delete a job",
        parameters: [idParam],
        responses: { 204: { description: "deleted" }, 404: error },
      },
    },
    "/api/route-planning/jobs/{id}/assign": {
      post: {
        tags: ["route-planning"],
        summary: "Assign to a vehicle (and its driver) or a driver; empty clears",
        parameters: [idParam],
        requestBody: {
          required: true,
          ...json({
            type: "object",
            properties: { vehicle_id: { type: ["string", "null"] }, driver_id: { type: ["string", "null"] } },
          }),
        },
        responses: { 200: { description: "the job", ...json(ref("RouteJob")) }, 409: error },
      },
    },
    "/api/route-planning/settings": {
      get: {
        tags: ["route-planning"],
        summary: "Check-in/out radius, self-assignment, attendance settings",
        responses: {
          200: { description: "settings", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
  },
  schemas: {
    PhonePosition: {
      type: "object",
      required: ["latitude", "longitude"],
      properties: {
        latitude: { type: "number" },
        longitude: { type: "number" },
        made_at: {
          type: "string",
          format: "date-time",
          description:
            "When the action was made on the phone (queued offline): recorded as its time; at most 2 minutes ahead of the server's clock and 24 hours old, else MADE_AT_OUT_OF_RANGE (400). Absent: now.",
        },
      },
    },
    RouteJob: {
      type: "object",
      properties: {
        id: { type: "string" },
        name: { type: "string" },
        address: { type: ["string", "null"] },
        latitude: { type: "number" },
        longitude: { type: "number" },
        contact_name: { type: ["string", "null"] },
        contact_phone: { type: ["string", "null"] },
        notes: { type: ["string", "null"] },
        scheduled_date: { type: "string", format: "date" },
        scheduled_arrival: { type: "string", examples: ["09:00"] },
        scheduled_departure: { type: "string" },
        driver_id: { type: ["string", "null"] },
        vehicle_id: { type: ["string", "null"] },
        status: { enum: ["not_started", "started", "finished"] },
        arrived_at: { type: ["string", "null"], format: "date-time" },
        departed_at: { type: ["string", "null"], format: "date-time" },
        planned_sequence: {
          type: ["integer", "null"],
          description: "Place in the vehicle's accepted optimised route (1 = first); null when not on one",
        },
        planned_eta: {
          type: ["string", "null"],
          examples: ["09:12"],
          description:
            "The optimised route's arrival (organisation's wall clock on scheduled_date); the scheduled window stays as agreed with the customer",
        },
        punctuality: { enum: ["on_time", "late", "missed", "pending"] },
        distance_m: { type: "integer" },
        live_eta: {
          type: ["string", "null"],
          examples: ["09:27"],
          description:
            "my/jobs: the live estimate of the arrival (organisation's wall clock, rounded up to the minute) from the vehicle's last position through its remaining jobs of today in route order; null unless live_eta_status is ok",
        },
        live_eta_status: {
          enum: ["ok", "no_position", "arrived", "none"],
          description:
            "no_position: the vehicle has no position from the last 15 minutes; arrived: the visit started or finished; none: no vehicle, not today, or unreachable",
        },
        predicted_late: {
          type: "boolean",
          description:
            "The live ETA is after the scheduled arrival plus the lateness margin (before the job is actually late)",
        },
      },
    },
    RouteJobInput: {
      type: "object",
      required: ["name", "scheduled_date", "scheduled_arrival", "scheduled_departure"],
      properties: {
        name: { type: "string" },
        place_id: { type: "string" },
        address: { type: "string" },
        latitude: { type: "number" },
        longitude: { type: "number" },
        contact_name: { type: "string" },
        contact_phone: { type: "string" },
        notes: { type: "string" },
        scheduled_date: { type: "string", format: "date" },
        scheduled_arrival: { type: "string" },
        scheduled_departure: { type: "string" },
        driver_id: { type: "string" },
        vehicle_id: { type: "string" },
        days: { type: "array", items: { type: "integer", minimum: 1, maximum: 7 } },
        repeat_until: { type: "string", format: "date" },
        dates: { type: "array", items: { type: "string", format: "date" } },
      },
    },
    AttendanceDay: {
      type: "object",
      properties: {
        user_id: { type: "string" },
        day: { type: "string", format: "date" },
        started_at: { type: "string" },
        ended_at: { type: ["string", "null"] },
        threshold: { type: ["string", "null"] },
        late: { type: "boolean" },
      },
    },
  },
};
