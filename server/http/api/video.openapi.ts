import type { ApiFragment } from "../openapi/openapi-document";

const error = { $ref: "#/components/responses/Error" };
const id = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const q = (name: string, schema: Record<string, unknown>, description?: string) => ({
  name,
  in: "query",
  required: false,
  schema,
  ...(description ? { description } : {}),
});

/** /api/video: dashcam requests and uploads (docs/video.md). */
export const videoApi: ApiFragment = {
  tag: "video",
  description:
    "Dashcam photo and clip requests (camreq over the tracker's Teltonika link) and the files cameras upload; the file itself is at mediaUrl (range requests).",
  paths: {
    "/api/video": {
      get: {
        tags: ["video"],
        summary: "Requests and uploads of the vehicles the user may see, newest capture first",
        parameters: [
          q("vehicleId", { type: "string", format: "uuid" }),
          q("trigger", { type: "string", enum: ["server_request", "ignition", "green_driving", "periodic"] }),
          q("status", { type: "string", enum: ["requested", "sent", "uploading", "completed", "failed"] }),
          q("mediaType", { type: "string", enum: ["photo", "video"] }),
          q("from", { type: "string", format: "date" }, "first day (organisation's time zone)"),
          q("to", { type: "string", format: "date" }, "last day, inclusive"),
          q("geofenceId", { type: "string", format: "uuid" }, "captured inside this geofence"),
          q("lat", { type: "number" }),
          q("lon", { type: "number" }),
          q("radiusM", { type: "number" }, "with lat and lon: captured near the point (default 500 m)"),
          q("page", { type: "integer" }),
          q("size", { type: "integer" }),
        ],
        responses: {
          200: {
            description: "A page of items",
            content: { "application/json": { schema: { $ref: "#/components/schemas/VideoPage" } } },
          },
          default: error,
        },
      },
    },
    "/api/video/cameras": {
      get: {
        tags: ["video"],
        summary: "Vehicles with a camera the user may see",
        responses: {
          200: {
            description: "Vehicles",
            content: {
              "application/json": {
                schema: {
                  type: "array",
                  items: {
                    type: "object",
                    required: ["vehicleId", "registration", "front", "rear"],
                    additionalProperties: false,
                    properties: {
                      vehicleId: { type: "string", format: "uuid" },
                      registration: { type: "string" },
                      front: { type: "boolean" },
                      rear: { type: "boolean" },
                    },
                  },
                },
              },
            },
          },
          default: error,
        },
      },
    },
    "/api/video/settings": {
      get: {
        tags: ["video"],
        summary: "How many days footage is kept (default 30)",
        responses: {
          200: {
            description: "{ retentionDays }",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["retentionDays"],
                  properties: { retentionDays: { type: "integer" } },
                },
              },
            },
          },
          default: error,
        },
      },
      put: {
        tags: ["video"],
        summary: "Set the retention (settings:write); older media are deleted by the sweep, files first",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["retentionDays"],
                properties: { retentionDays: { type: "integer", minimum: 1, maximum: 3650 } },
              },
            },
          },
        },
        responses: {
          200: {
            description: "{ retentionDays }",
            content: { "application/json": { schema: { type: "object", required: ["retentionDays"] } } },
          },
          default: error,
        },
      },
    },
    "/api/video/{id}": {
      get: {
        tags: ["video"],
        summary: "One request or upload, with the alert it belongs to",
        parameters: [id],
        responses: {
          200: {
            description: "The item",
            content: { "application/json": { schema: { $ref: "#/components/schemas/VideoMedia" } } },
          },
          default: error,
        },
      },
    },
    "/api/video/requests": {
      post: {
        tags: ["video"],
        summary:
          "Request a photo or a clip (video:request); answers once the device accepted, refused or did not answer",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["vehicleId", "camera", "mediaType"],
                properties: {
                  vehicleId: { type: "string", format: "uuid" },
                  camera: { type: "string", enum: ["front", "rear"] },
                  mediaType: { type: "string", enum: ["photo", "video"] },
                  at: {
                    type: "string",
                    description: "YYYY-MM-DD HH:mm in the organisation's time zone; now when absent",
                  },
                  durationS: {
                    type: "integer",
                    minimum: 1,
                    maximum: 30,
                    description: "clips only (required for video)",
                  },
                },
              },
            },
          },
        },
        responses: {
          201: {
            description: "The request (status sent, or failed with device_offline, timeout or no_footage)",
            content: { "application/json": { schema: { $ref: "#/components/schemas/VideoMedia" } } },
          },
          default: error,
        },
      },
    },
  },
  schemas: {
    VideoMedia: {
      type: "object",
      properties: {
        id: { type: "string", format: "uuid" },
        vehicleId: { type: "string", format: "uuid" },
        registration: { type: "string" },
        trigger: { type: "string", enum: ["server_request", "ignition", "green_driving", "periodic"] },
        mediaType: { type: "string", enum: ["photo", "video"] },
        camera: { type: "string", enum: ["front", "rear"] },
        capturedAt: { type: "string", format: "date-time" },
        durationS: { type: "integer" },
        status: { type: "string", enum: ["requested", "sent", "uploading", "completed", "failed"] },
        failure: {
          type: ["string", "null"],
          enum: ["device_offline", "no_footage", "timeout", "transfer_error", null],
        },
        progress: { type: "integer", minimum: 0, maximum: 100 },
        alertId: { type: ["string", "null"] },
        lat: { type: ["number", "null"] },
        lon: { type: ["number", "null"] },
        contentType: { type: ["string", "null"] },
        sizeBytes: { type: ["integer", "null"] },
        sha256: { type: ["string", "null"] },
        createdAt: { type: "string", format: "date-time" },
        updatedAt: { type: "string", format: "date-time" },
        sentAt: { type: ["string", "null"] },
        completedAt: { type: ["string", "null"] },
        mediaUrl: { type: ["string", "null"], description: "the file (inline; supports Range)" },
        downloadUrl: { type: ["string", "null"] },
      },
    },
    VideoPage: {
      type: "object",
      properties: {
        items: { type: "array", items: { $ref: "#/components/schemas/VideoMedia" } },
        total: { type: "integer" },
        page: { type: "integer" },
        pages: { type: "integer" },
      },
    },
  },
};
