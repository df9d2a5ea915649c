import { Router } from "express";
import type { AppContext } from "../../context";
import { attachUnknownDevice, attachDeviceSchema, listDeviceFaults, listUnknownDevices } from "../../modules/devices";
import {
  immobilizationHistorySchema,
  immobilizationRequestSchema,
  listImmobilizationHistory,
  requestImmobilization,
} from "../../modules/immobilization";
import { subscribePositions, unsubscribePositions } from "../../modules/live";
import {
  fleetCounters,
  getVehicleLive,
  listFleetState,
  fleetFilterSchema,
  replayQuerySchema,
  findReplayVehicle,
  getReplay,
  replayToCsv,
  replayToGpx,
} from "../../modules/positions";
import { authed, parseBody } from "./api-kit";

/** Live fleet, replay, immobilisation, device faults, unknown devices and live subscriptions. */
export function telematicsRoutes(ctx: AppContext) {
  const r = Router();

  r.get(
    "/api/fleet/state",
    authed(ctx, async (req, _res, p) => {
      const vehicles = await listFleetState(ctx, p, fleetFilterSchema.parse(req.query));
      return { vehicles, counters: fleetCounters(vehicles) };
    }),
  );
  r.get(
    "/api/fleet/vehicles/:id",
    authed(ctx, (req, _res, p) => getVehicleLive(ctx, p, String(req.params.id))),
  );

  r.get(
    "/api/replay",
    authed(ctx, async (req, res, p) => {
      const q = replayQuerySchema.parse(req.query);
      const replay = await getReplay(ctx, p, q);
      if (q.format === "json") return replay;
      const vehicle = await findReplayVehicle(ctx, p, q.vehicleId);
      const base = `replay-${vehicle.registration.replace(/[^A-Za-z0-9]+/g, "_")}-${q.from.toISOString().slice(0, 10)}`;
      if (q.format === "gpx") {
        res.setHeader("Content-Type", "application/gpx+xml; charset=utf-8");
        res.setHeader("Content-Disposition", `attachment; filename="${base}.gpx"`);
        res.send(replayToGpx(replay, vehicle));
      } else {
        res.setHeader("Content-Type", "text/csv; charset=utf-8");
        res.setHeader("Content-Disposition", `attachment; filename="${base}.csv"`);
        res.send(replayToCsv(replay));
      }
    }),
  );

  r.post(
    "/api/immobilization",
    authed(ctx, (req, _res, p) => requestImmobilization(ctx, p, parseBody(immobilizationRequestSchema, req.body))),
  );
  r.get(
    "/api/immobilization/history",
    authed(ctx, (req, _res, p) => listImmobilizationHistory(ctx, p, immobilizationHistorySchema.parse(req.query))),
  );

  r.get(
    "/api/devices/faults",
    authed(ctx, (_req, _res, p) => listDeviceFaults(ctx, p)),
  );
  r.get(
    "/api/devices/unknown",
    authed(ctx, (_req, _res, p) => listUnknownDevices(ctx, p)),
  );
  r.post(
    "/api/devices/unknown/attach",
    authed(ctx, (req, _res, p) => attachUnknownDevice(ctx, p, parseBody(attachDeviceSchema, req.body))),
  );

  r.post(
    "/api/subscribe/positions/:param",
    authed(ctx, (req, _res, p) => subscribePositions(ctx, p, String(req.params.param), req.body)),
  );
  r.delete(
    "/api/subscribe/positions/:param",
    authed(ctx, (req, _res, p) => unsubscribePositions(ctx, p, String(req.params.param), req.body)),
  );

  return r;
}
