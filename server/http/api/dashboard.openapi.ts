import { METRICS, CHART_TYPES, SCHEDULE_RANGES } from "../../modules/analytics";
import { TIME_WINDOWS } from "../../modules/shared/reports/period";
import type { ApiFragment } from "../openapi/openapi-document";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ "application/json": { schema } });
const ok = (description: string, schema?: unknown) =>
  schema ? { description, content: json(schema) } : { description };
const errors = {
  400: { $ref: "#/components/responses/Error" },
  403: { $ref: "#/components/responses/Error" },
  404: { $ref: "#/components/responses/Error" },
};
const idParam = [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }];
const uuids = { type: "array", items: { type: "string", format: "uuid" } };

const tileInput = {
  type: "object",
  required: ["metric", "chart_type", "time_window"],
  properties: {
    metric: { enum: [...METRICS] },
    chart_type: { enum: [...CHART_TYPES] },
    ranking: { enum: ["top", "bottom", null], description: "top or bottom ranking of vehicles (bar, pie, table)" },
    ranking_size: { enum: [10, 50], default: 10 },
    aggregation: { enum: ["total", "average"], default: "total" },
    time_window: { enum: [...TIME_WINDOWS], description: "weeks start on Sunday" },
    vehicle_ids: uuids,
    team_ids: uuids,
  },
};

const scheduleInput = {
  type: "object",
  required: ["name", "report_type", "hour", "time_range", "interval"],
  description:
    "At least one of user_ids or emails (EMAIL_RECIPIENT_REQUIRED); the detailed vehicle report needs exactly one vehicle (VEHICLE_REQUIRED).",
  properties: {
    name: { type: "string", maxLength: 120 },
    report_type: { type: "string", description: "a type of GET /api/analytics/reports" },
    hour: { type: "integer", minimum: 0, maximum: 23, description: "in the organisation's time zone" },
    time_range: { enum: [...SCHEDULE_RANGES] },
    interval: { enum: ["daily", "weekly", "monthly"] },
    weekday: { type: ["integer", "null"], minimum: 0, maximum: 6, description: "weekly: 0 = Sunday" },
    month_day: { type: ["integer", "null"], minimum: 1, maximum: 28, description: "monthly" },
    vehicle_ids: uuids,
    team_ids: uuids,
    driver_ids: uuids,
    user_ids: uuids,
    emails: { type: "array", items: { type: "string", format: "email" }, maxItems: 50 },
    active: { type: "boolean", default: true },
  },
};

/** The dashboard's tiles and benchmarks, and scheduled report e-mails. */
export const dashboardApi: ApiFragment = {
  tag: "dashboard",
  description:
    "The signed-in user's dashboard tiles (figures in metres, seconds, km/h, litres, percent) and benchmarks; scheduled report e-mails.",
  schemas: {
    DashboardTileInput: tileInput,
    DashboardTile: {
      allOf: [
        tileInput,
        {
          type: "object",
          required: ["id", "position"],
          properties: { id: { type: "string", format: "uuid" }, position: { type: "integer" } },
        },
      ],
    },
    DashboardTileData: {
      type: "object",
      properties: {
        tile: ref("DashboardTile"),
        from: { type: "string", format: "date" },
        to: { type: "string", format: "date" },
        value: { type: ["number", "null"] },
        entries: {
          type: "array",
          items: {
            type: "object",
            properties: { id: { type: "string" }, label: { type: "string" }, value: { type: ["number", "null"] } },
          },
        },
        series: {
          type: "array",
          items: {
            type: "object",
            properties: { day: { type: "string", format: "date" }, value: { type: ["number", "null"] } },
          },
        },
      },
    },
    ReportScheduleInput: scheduleInput,
    ReportSchedule: {
      allOf: [
        scheduleInput,
        {
          type: "object",
          properties: {
            id: { type: "string", format: "uuid" },
            params: { type: "object" },
            created_at: { type: "string", format: "date-time" },
          },
        },
      ],
    },
  },
  paths: {
    "/api/dashboard/tiles": {
      get: {
        tags: ["dashboard"],
        summary: "The user's tiles with their figures, in order",
        responses: { 200: ok("Tiles", { type: "array", items: ref("DashboardTileData") }), ...errors },
      },
      post: {
        tags: ["dashboard"],
        summary: "Add a tile (last)",
        requestBody: { content: json(ref("DashboardTileInput")) },
        responses: { 201: ok("The tile", ref("DashboardTile")), ...errors },
      },
    },
    "/api/dashboard/tiles/order": {
      put: {
        tags: ["dashboard"],
        summary: "Store a new order: every one of the user's tile ids once",
        requestBody: { content: json({ type: "object", required: ["ids"], properties: { ids: uuids } }) },
        responses: { 204: ok("Stored"), ...errors },
      },
    },
    "/api/dashboard/tiles/{id}": {
      parameters: idParam,
      get: {
        tags: ["dashboard"],
        summary: "One tile",
        responses: { 200: ok("The tile", ref("DashboardTile")), ...errors },
      },
      put: {
        tags: ["dashboard"],
        summary: "Change a tile",
        requestBody: { content: json(ref("DashboardTileInput")) },
        responses: { 200: ok("The tile", ref("DashboardTile")), ...errors },
      },
      delete: { tags: ["dashboard"], summary: "Remove a tile", responses: { 204: ok("Removed"), ...errors } },
    },
    "/api/dashboard/benchmarks": {
      get: {
        tags: ["dashboard"],
        summary: "Vehicles, drivers or teams on every metric (average per vehicle) with the fleet average",
        parameters: [
          { name: "by", in: "query", schema: { enum: ["vehicle", "driver", "team"], default: "vehicle" } },
          { name: "window", in: "query", schema: { enum: [...TIME_WINDOWS], default: "this_week" } },
        ],
        responses: { 200: ok("Rows and the fleet average", { type: "object" }), ...errors },
      },
    },
    "/api/analytics/schedules": {
      get: {
        tags: ["dashboard"],
        summary: "The organisation's report e-mail schedules",
        responses: { 200: ok("Schedules", { type: "array", items: ref("ReportSchedule") }), ...errors },
      },
      post: {
        tags: ["dashboard"],
        summary: "Schedule a report e-mail",
        requestBody: { content: json(ref("ReportScheduleInput")) },
        responses: { 201: ok("The schedule", ref("ReportSchedule")), ...errors },
      },
    },
    "/api/analytics/schedules/{id}": {
      parameters: idParam,
      get: {
        tags: ["dashboard"],
        summary: "One schedule",
        responses: { 200: ok("The schedule", ref("ReportSchedule")), ...errors },
      },
      put: {
        tags: ["dashboard"],
        summary: "Change a schedule",
        requestBody: { content: json(ref("ReportScheduleInput")) },
        responses: { 200: ok("The schedule", ref("ReportSchedule")), ...errors },
      },
      delete: { tags: ["dashboard"], summary: "Delete a schedule", responses: { 204: ok("Deleted"), ...errors } },
    },
  },
};
