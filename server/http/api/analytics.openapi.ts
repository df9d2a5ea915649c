import { EXPORT_FORMATS } from "../../modules/analytics";
import { REPORT_TYPES } from "../../report-catalogue";
import type { ApiFragment } from "../openapi/openapi-document";

const error = { $ref: "#/components/responses/Error" };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ "application/json": { schema } });
const typeParam = { name: "type", in: "path", required: true, schema: { type: "string", enum: REPORT_TYPES } };
const idParam = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const formatParam = { name: "format", in: "path", required: true, schema: { type: "string", enum: EXPORT_FORMATS } };
const lngParam = {
  name: "lng",
  in: "query",
  schema: { type: "string", enum: ["al", "en"] },
  description: "language of the file; default the user's",
};
const idList = (name: string, what: string) => ({
  name,
  in: "query",
  style: "form",
  explode: true,
  schema: { type: "array", items: { type: "string", format: "uuid" } },
  description: `${what} (repeat the parameter); none: every one the user may see`,
});
/** The parameters every report takes; a type's own ones (min_minutes, group_by, …, docs/analytics.md) are added the same way. */
const reportParams = [
  {
    name: "from",
    in: "query",
    required: true,
    schema: { type: "string", format: "date" },
    description: "first local day, YYYY-MM-DD (organisation's zone)",
  },
  {
    name: "to",
    in: "query",
    required: true,
    schema: { type: "string", format: "date" },
    description: "last local day, inclusive; at most 366 days",
  },
  idList("vehicle_ids", "vehicles; exactly one for vehicle_details (else VEHICLE_REQUIRED)"),
  idList("team_ids", "teams"),
  idList("driver_ids", "drivers"),
];
const files = {
  "text/csv": { schema: { type: "string" } },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: { type: "string", format: "binary" } },
  "application/pdf": { schema: { type: "string", format: "binary" } },
};

/** /api/analytics: reports, their downloads and archived reports (server/http/api/analytics.routes.ts). */
export const analyticsApi: ApiFragment = {
  tag: "analytics",
  description:
    "Reports over trips, stops and events (docs/analytics.md), their CSV/Excel/PDF files, and reports run in the background (archived reports). Needs analytics:read; archiving needs analytics:write.",
  paths: {
    "/api/analytics/reports": {
      get: {
        tags: ["analytics"],
        summary: "The report types this user may run",
        responses: {
          200: { description: "report types", content: json({ type: "array", items: ref("ReportType") }) },
          401: error,
          403: error,
        },
      },
    },
    "/api/analytics/reports/{type}": {
      get: {
        tags: ["analytics"],
        summary: "Runs a report (at most 5,000 rows on screen; the export has all)",
        parameters: [typeParam, ...reportParams],
        responses: {
          200: { description: "rows", content: json(ref("ReportRun")) },
          400: error,
          401: error,
          403: error,
          404: error,
        },
      },
    },
    "/api/analytics/reports/{type}/export": {
      get: {
        tags: ["analytics"],
        summary: "A report as a file, every row",
        parameters: [
          typeParam,
          { name: "format", in: "query", schema: { type: "string", enum: EXPORT_FORMATS, default: "csv" } },
          lngParam,
          ...reportParams,
        ],
        responses: {
          200: { description: "the file (Content-Disposition: attachment)", content: files },
          400: error,
          401: error,
          403: error,
          404: error,
        },
      },
    },
    "/api/analytics/reports/{type}/archive": {
      post: {
        tags: ["analytics"],
        summary: "Runs a report in the background: it becomes an archived report (RUNNING)",
        parameters: [typeParam],
        requestBody: {
          content: json({
            type: "object",
            description: "the report's parameters (from, to, vehicle_ids, team_ids, driver_ids and the type's own)",
            additionalProperties: true,
          }),
        },
        responses: {
          202: {
            description: "accepted",
            content: json({ type: "object", required: ["id"], properties: { id: { type: "string", format: "uuid" } } }),
          },
          400: error,
          401: error,
          403: error,
        },
      },
    },
    "/api/analytics/archive": {
      get: {
        tags: ["analytics"],
        summary: "The user's archived reports (and those of schedules they made), newest first",
        parameters: [{ name: "page", in: "query", schema: { type: "integer", minimum: 1, default: 1 } }],
        responses: {
          200: {
            description: "a page of 20",
            content: json({
              type: "object",
              properties: {
                items: { type: "array", items: ref("ArchivedReport") },
                total: { type: "integer" },
                page: { type: "integer" },
                pages: { type: "integer" },
              },
            }),
          },
          401: error,
          403: error,
        },
      },
    },
    "/api/analytics/archive/{id}/files/{format}": {
      get: {
        tags: ["analytics"],
        summary: "A COMPLETED archived report's file (in the asked language when it was made in it)",
        parameters: [idParam, formatParam, lngParam],
        responses: { 200: { description: "the file", content: files }, 401: error, 404: error },
      },
    },
    "/api/analytics/archive/{id}/retry": {
      post: {
        tags: ["analytics"],
        summary: "Runs a FAILED archived report again (409 CONFLICT for any other status)",
        parameters: [idParam],
        responses: { 204: { description: "RUNNING again" }, 401: error, 403: error, 404: error, 409: error },
      },
    },
  },
  schemas: {
    ReportColumn: {
      type: "object",
      required: ["key", "kind"],
      properties: {
        key: { type: "string" },
        kind: {
          type: "string",
          enum: [
            "text",
            "date",
            "datetime",
            "duration",
            "distance",
            "odometer",
            "speed",
            "count",
            "number",
            "percent",
            "place",
          ],
          description: "duration in seconds, distance and odometer in metres, speed in km/h, datetime ISO 8601",
        },
        total: { type: "string", enum: ["sum", "avg", "max"] },
      },
    },
    ReportType: {
      type: "object",
      required: ["type", "group", "requiresVehicle", "columns"],
      properties: {
        type: { type: "string", enum: REPORT_TYPES },
        group: { type: "string" },
        requiresVehicle: { type: "boolean" },
        columns: { type: "array", items: ref("ReportColumn") },
        chart: {
          type: ["object", "null"],
          properties: {
            type: { type: "string", enum: ["bar", "line", "pie"] },
            category: { type: "string" },
            series: { type: "array", items: { type: "string" } },
          },
        },
      },
    },
    ReportRun: {
      type: "object",
      required: ["type", "from", "to", "timeZone", "columns", "rows", "truncated"],
      properties: {
        type: { type: "string" },
        from: { type: "string", format: "date" },
        to: { type: "string", format: "date" },
        timeZone: { type: "string", examples: ["Europe/Tirane"] },
        columns: { type: "array", items: ref("ReportColumn") },
        rows: {
          type: "array",
          items: { type: "object", additionalProperties: { type: ["string", "number", "boolean", "null"] } },
        },
        truncated: { type: "boolean" },
      },
    },
    ArchivedReport: {
      type: "object",
      required: ["id", "type", "from", "to", "status", "progress"],
      properties: {
        id: { type: "string", format: "uuid" },
        type: { type: "string" },
        from: { type: "string", format: "date" },
        to: { type: "string", format: "date" },
        status: { type: "string", enum: ["RUNNING", "COMPLETED", "FAILED"] },
        progress: { type: "integer", minimum: 0, maximum: 100 },
        rowCount: { type: ["integer", "null"] },
        error: {
          type: ["string", "null"],
          description:
            "FAILED: USER_INACTIVE, INTERRUPTED, VALIDATION, VEHICLE_REQUIRED, NOT_FOUND, FORBIDDEN, INTERNAL",
        },
        scheduleId: { type: ["string", "null"] },
        scheduleName: { type: ["string", "null"] },
        createdAt: { type: "string", format: "date-time" },
        finishedAt: { type: ["string", "null"], format: "date-time" },
        files: { type: "array", items: { type: "string" }, description: "download paths when COMPLETED" },
      },
    },
  },
};
