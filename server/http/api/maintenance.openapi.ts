import type { ApiFragment } from "../openapi/openapi-document";
import { maintenanceSchemas } from "./maintenance.schemas.openapi";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ "application/json": { schema } });
const error = { $ref: "#/components/responses/Error" };
const errors = { 400: error, 401: error, 403: error, 404: error };
const idParam = [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }];
const period = [
  { name: "vehicle_id", in: "query", schema: { type: "string", format: "uuid" } },
  { name: "from", in: "query", schema: { type: "string", format: "date" } },
  { name: "to", in: "query", schema: { type: "string", format: "date" } },
];
const multipartOr = (schema: string) => ({
  required: true,
  content: {
    ...json(ref(schema)),
    "multipart/form-data": {
      schema: {
        allOf: [
          ref(schema),
          {
            type: "object",
            properties: {
              attachments: {
                type: "array",
                items: { type: "string", format: "binary" },
                description: "JPEG, PNG, WebP or PDF, 5 MB each",
              },
            },
          },
        ],
      },
    },
  },
});

/** /api/maintenance: service reminders, service reports and fuel reports (docs/maintenance.md). */
export const maintenanceApi: ApiFragment = {
  tag: "maintenance",
  description:
    "Service reminders by days, km and/or engine hours judged on the telematics odometer, service reports with parts and attachments, fuel reports with the receipt photo.",
  paths: {
    "/api/maintenance/reminders": {
      get: {
        tags: ["maintenance"],
        summary: "Reminders with their state (ok, due_soon, due, overdue, inactive, done)",
        parameters: ["vehicle_id", "team_id", "kind", "status", "q", "page", "size"].map((name) => ({
          name,
          in: "query",
          schema: { type: "string" },
        })),
        responses: {
          200: {
            description: "A page of reminders",
            content: json({
              type: "object",
              properties: {
                items: { type: "array", items: ref("MaintenanceReminder") },
                total: { type: "integer" },
                counts: { type: "object" },
              },
            }),
          },
          ...errors,
        },
      },
      post: {
        tags: ["maintenance"],
        summary: "One reminder per vehicle in vehicle_ids",
        requestBody: { required: true, content: json(ref("MaintenanceReminderInput")) },
        responses: {
          201: {
            description: "The reminders created",
            content: json({
              type: "object",
              properties: { items: { type: "array", items: ref("MaintenanceReminder") } },
            }),
          },
          ...errors,
        },
      },
    },
    "/api/maintenance/reminders/{id}": {
      get: {
        tags: ["maintenance"],
        parameters: idParam,
        responses: { 200: { description: "The reminder", content: json(ref("MaintenanceReminder")) }, ...errors },
      },
      put: {
        tags: ["maintenance"],
        parameters: idParam,
        requestBody: { required: true, content: json(ref("MaintenanceReminderInput")) },
        responses: { 200: { description: "The reminder", content: json(ref("MaintenanceReminder")) }, ...errors },
      },
      delete: { tags: ["maintenance"], parameters: idParam, responses: { 204: { description: "Deleted" }, ...errors } },
    },
    "/api/maintenance/reminders/{id}/complete": {
      post: {
        tags: ["maintenance"],
        summary: "Records the service and re-arms a repeating reminder from the completion date and odometer",
        parameters: idParam,
        requestBody: multipartOr("MaintenanceCompletion"),
        responses: {
          201: {
            description: "The service and the re-armed reminder",
            content: json({
              type: "object",
              properties: { service: ref("MaintenanceService"), reminder: ref("MaintenanceReminder") },
            }),
          },
          409: error,
          ...errors,
        },
      },
    },
    "/api/maintenance/services": {
      get: {
        tags: ["maintenance"],
        parameters: period,
        responses: {
          200: {
            description: "Service reports, newest first",
            content: json({
              type: "object",
              properties: { items: { type: "array", items: ref("MaintenanceService") } },
            }),
          },
          ...errors,
        },
      },
      post: {
        tags: ["maintenance"],
        requestBody: multipartOr("MaintenanceServiceInput"),
        responses: {
          201: { description: "The service report", content: json(ref("MaintenanceService")) },
          409: error,
          ...errors,
        },
      },
    },
    "/api/maintenance/services/{id}": {
      get: {
        tags: ["maintenance"],
        parameters: idParam,
        responses: {
          200: {
            description: "The service report with parts and attachments",
            content: json(ref("MaintenanceService")),
          },
          ...errors,
        },
      },
      put: {
        tags: ["maintenance"],
        summary:
          "Edits a service report (or a car wash: vehicle_id, service_type exterior/interior/full, completed_on, cost, supplier_id, notes)",
        description:
          "The same rules as adding. The parts used before go back to stock and the parts sent are taken again (PART_OUT_OF_STOCK, 409, when they exceed the stock). Saved attachments stay; files sent are added.",
        parameters: idParam,
        requestBody: multipartOr("MaintenanceServiceInput"),
        responses: {
          200: { description: "The service report", content: json(ref("MaintenanceService")) },
          409: error,
          ...errors,
        },
      },
      patch: {
        tags: ["maintenance"],
        summary: "Edits the fields sent; the others (parts included, unless `parts` is sent) keep their saved values",
        parameters: idParam,
        requestBody: { required: true, content: multipartOr("MaintenanceServicePatch").content },
        responses: {
          200: { description: "The service report", content: json(ref("MaintenanceService")) },
          409: error,
          ...errors,
        },
      },
      delete: {
        tags: ["maintenance"],
        parameters: idParam,
        responses: { 204: { description: "Deleted; its parts go back to stock" }, ...errors },
      },
    },
    "/api/maintenance/fuel": {
      get: {
        tags: ["maintenance"],
        parameters: period,
        responses: {
          200: {
            description: "Fuel reports with full-tank consumption and flags",
            content: json({ type: "object", properties: { items: { type: "array", items: ref("FuelReport") } } }),
          },
          ...errors,
        },
      },
      post: {
        tags: ["maintenance"],
        summary: "A refuel, with the receipt photo as an attachment",
        requestBody: multipartOr("FuelReportInput"),
        responses: { 201: { description: "The fuel report", content: json(ref("FuelReport")) }, ...errors },
      },
    },
    "/api/maintenance/fuel/{id}": {
      get: {
        tags: ["maintenance"],
        parameters: idParam,
        responses: { 200: { description: "The fuel report", content: json(ref("FuelReport")) }, ...errors },
      },
      put: {
        tags: ["maintenance"],
        summary:
          "Edits a fuel report (the same rules as adding); consumption and flags of it and of the fills around it follow in the list",
        parameters: idParam,
        requestBody: multipartOr("FuelReportInput"),
        responses: { 200: { description: "The fuel report", content: json(ref("FuelReport")) }, ...errors },
      },
      patch: {
        tags: ["maintenance"],
        summary: "Edits the fields sent; the others keep their saved values",
        parameters: idParam,
        requestBody: { required: true, content: multipartOr("FuelReportPatch").content },
        responses: { 200: { description: "The fuel report", content: json(ref("FuelReport")) }, ...errors },
      },
      delete: { tags: ["maintenance"], parameters: idParam, responses: { 204: { description: "Deleted" }, ...errors } },
    },
    "/api/maintenance/settings": {
      get: {
        tags: ["maintenance"],
        summary: "The organisation's fuel tolerances (maintenance:read)",
        responses: {
          200: { description: "The settings (defaults when never saved)", content: json(ref("MaintenanceSettings")) },
          ...errors,
        },
      },
      put: {
        tags: ["maintenance"],
        summary: "Saves the tolerances (maintenance:write); out of bounds is VALIDATION on the field",
        requestBody: { required: true, content: json(ref("MaintenanceSettings")) },
        responses: { 200: { description: "The settings", content: json(ref("MaintenanceSettings")) }, ...errors },
      },
    },
    "/api/maintenance/attachments/{id}": {
      get: {
        tags: ["maintenance"],
        parameters: idParam,
        responses: { 200: { description: "The file", content: { "image/*": {}, "application/pdf": {} } }, ...errors },
      },
    },
  },
  schemas: maintenanceSchemas,
};
