import { attachDeviceSchema } from "../../modules/devices";
import { immobilizationHistorySchema, immobilizationRequestSchema } from "../../modules/immobilization";
import { fleetFilterSchema, REPLAY_MAX_DAYS, replayQuerySchema, DEVICE_FAULTS } from "../../modules/positions";
import type { ApiFragment } from "../openapi/openapi-document";
import { apiPaths, obj, page, pathParam, queryFromZod, S } from "../openapi/schema-kit";

const fault = S.enum(DEVICE_FAULTS);
const command = {
  id: S.uuid,
  vehicleId: S.uuid,
  registration: S.str,
  action: S.enum(["block", "unblock"]),
  status: { type: "string", description: "Pending, Sent, Done or Failed" },
  createdAt: S.dt,
  answeredAt: S.dtN,
  response: S.strN,
  error: S.strN,
};

const schemas = {
  FleetVehicle: obj({
    vehicleId: S.uuid,
    registration: S.str,
    category: S.enum(["Truck", "Van", "Car"]),
    identifierName: S.strN,
    teamId: S.uuidN,
    teamName: S.strN,
    driverName: S.strN,
    deviceImei: S.strN,
    status: S.enum(["Off", "Idle", "Moving", "Unknown"]),
    displayState: S.enum(["moving", "stopped", "stand by", "idle", "off"]),
    pinColor: { type: "string", description: "CSS colour of the map pin" },
    counter: S.enum(["moving", "stopped", "standBy", "off", "unknown"]),
    ignition: { enum: [0, 1, null], description: "null when the device never reported ignition" },
    speed: { type: "number", description: "km/h" },
    latitude: S.numN,
    longitude: S.numN,
    course: S.num,
    fixTime: S.dtN,
    lastServerTime: S.dtN,
    odometerKm: S.num,
    engineHours: S.num,
    faults: S.arr(fault),
  }),
  FleetCounters: obj({ moving: S.int, stopped: S.int, standBy: S.int, off: S.int, unknown: S.int, total: S.int }),
  Replay: obj({
    vehicleId: S.uuid,
    from: S.dt,
    to: S.dt,
    points: S.arr(
      obj({
        t: S.dt,
        lat: S.num,
        lon: S.num,
        speed: S.num,
        course: S.num,
        ignition: { enum: [0, 1, null] },
      }),
    ),
    stops: S.arr(obj({ from: S.dt, to: S.dt, lat: S.num, lon: S.num, durationS: S.num })),
    distanceKm: S.num,
    maxSpeed: S.num,
  }),
  ImmobilizationCommand: obj({
    ...command,
    errorCode: { enum: ["DEVICE_OFFLINE", null], description: "DEVICE_OFFLINE when the device did not answer" },
  }),
  ImmobilizationHistoryItem: obj({ ...command, requestedBy: S.strN, requestedById: S.uuidN }),
  Subscription: obj({ channel: S.str, vehicles: S.arr(S.uuid) }),
};

const vehicleList = {
  description: "A JSON array of vehicle ids, or { vehicles: [...] } with ids or objects with an id",
  anyOf: [
    { type: "array", items: { anyOf: [S.str, S.num, { type: "object", properties: { id: {} } }] } },
    { type: "object", required: ["vehicles"], properties: { vehicles: { type: "array" } } },
  ],
};
const channel = pathParam("param", "markers-, list- or tms-<your user id>-<epoch seconds>", "");

const replayQuery = queryFromZod(replayQuerySchema).map((p) =>
  p.name === "from" || p.name === "to"
    ? { ...p, schema: { type: "string" }, description: "ISO 8601 date-time or epoch milliseconds" }
    : p,
);

const paths = apiPaths("telematics", {
  "GET /api/fleet/state": {
    summary: "Every visible vehicle's last known state, with the map's counters",
    query: fleetFilterSchema,
    ok: { schema: obj({ vehicles: S.arr(S.ref("FleetVehicle")), counters: S.ref("FleetCounters") }) },
  },
  "GET /api/fleet/vehicles/:id": { summary: "One vehicle's live state", ok: { schema: S.ref("FleetVehicle") } },
  "GET /api/replay": {
    summary: "A vehicle's positions and stops in a period",
    description: `At most ${REPLAY_MAX_DAYS} days, and nothing older than a year. format=gpx or csv downloads a file.`,
    permission: "replay:read",
    query: replayQuery,
    ok: { schema: S.ref("Replay") },
    errors: ["NOT_FOUND", "PERIOD_INVALID", "PERIOD_TOO_OLD"],
  },
  "POST /api/immobilization": {
    summary: "Block or unblock a vehicle's engine; answers when the device answered or the wait ran out",
    permission: "immobilization:command",
    body: immobilizationRequestSchema,
    ok: { schema: S.ref("ImmobilizationCommand") },
    errors: ["NOT_FOUND", "COMMAND_UNSUPPORTED"],
  },
  "GET /api/immobilization/history": {
    summary: "Block and unblock commands, newest first",
    permission: "immobilization:read",
    query: immobilizationHistorySchema,
    ok: { schema: page(S.ref("ImmobilizationHistoryItem")) },
    errors: ["NOT_FOUND"],
  },
  "GET /api/devices/faults": {
    summary: "Vehicles with a device fault",
    permission: "manage:read",
    ok: {
      schema: S.arr(
        obj({
          vehicleId: S.uuid,
          registration: S.str,
          teamName: S.strN,
          deviceImei: S.strN,
          faults: S.arr(fault),
          fixTime: S.dtN,
          lastServerTime: S.dtN,
        }),
      ),
    },
  },
  "GET /api/devices/unknown": {
    summary: "Identifiers the gateways refused, most recent first (the installation's administrators)",
    ok: {
      schema: S.arr(
        obj({
          identifier: S.str,
          protocol: S.str,
          remoteAddress: S.strN,
          firstSeen: S.dt,
          lastSeen: S.dt,
          attempts: S.int,
        }),
      ),
    },
  },
  "POST /api/devices/unknown/attach": {
    summary: "Attach a refused identifier to a vehicle; accepted from its next connection",
    body: attachDeviceSchema,
    ok: { schema: obj({ vehicleId: S.uuid, identifier: S.str, protocol: S.strN }) },
    errors: ["NOT_FOUND", "DEVICE_TAKEN"],
  },
  "POST /api/subscribe/positions/:param": {
    summary: "Follow vehicles on a /live channel",
    params: [channel],
    body: vehicleList,
    ok: { schema: S.ref("Subscription") },
    errors: ["SUBSCRIPTION_INVALID"],
  },
  "DELETE /api/subscribe/positions/:param": {
    summary: "Stop following vehicles on a /live channel",
    params: [channel],
    body: vehicleList,
    ok: { schema: S.ref("Subscription") },
    errors: ["SUBSCRIPTION_INVALID"],
  },
});

// format=gpx and format=csv answer files instead of JSON.
const replayOk = (paths["/api/replay"].get as { responses: Record<string, { content: Record<string, unknown> }> })
  .responses["200"];
replayOk.content["application/gpx+xml"] = { schema: { type: "string" } };
replayOk.content["text/csv"] = { schema: { type: "string" } };

/** Live fleet state, replay, immobilisation, device faults, unknown devices and live subscriptions. */
export const telematicsApi: ApiFragment = {
  tag: "telematics",
  description:
    "The fleet's last known state, one vehicle live, the replay of a period (JSON, GPX or CSV), immobilisation commands, device faults, identifiers the gateways refused, and the vehicles a /live channel follows.",
  schemas,
  paths,
};
