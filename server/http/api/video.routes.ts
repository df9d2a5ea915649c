import { Router } from "express";
import type { AppContext } from "../../context";
import { mediaFilterSchema, videoService as video } from "../../modules/video";
import { authed, param } from "./api-kit";

/**
 * /api/video: requests and uploads (filters as on /video and /video/search), one item, a new request.
 * The files themselves are served by the web route /video/media/{id} (range requests), named in each item.
 */
export function videoRoutes(ctx: AppContext) {
  const r = Router();
  r.get(
    "/api/video",
    authed(ctx, (req, _s, p) => video.listMedia(ctx, p, mediaFilterSchema.parse(req.query))),
  );
  r.get(
    "/api/video/cameras",
    authed(ctx, async (_req, _s, p) =>
      (await video.cameraVehicles(ctx, p)).map((v) => ({
        vehicleId: v.id,
        registration: v.registration,
        front: v.front,
        rear: v.rear,
      })),
    ),
  );
  r.get(
    "/api/video/settings",
    authed(ctx, (_req, _s, p) => video.getRetention(ctx, p)),
  );
  r.put(
    "/api/video/settings",
    authed(ctx, (req, _s, p) => video.setRetention(ctx, p, req.body ?? {})),
  );
  r.get(
    "/api/video/:id",
    authed(ctx, (req, _s, p) => video.getMedia(ctx, p, param(req, "id"))),
  );
  r.post(
    "/api/video/requests",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await video.requestFootage(ctx, p, req.body ?? {}));
    }),
  );
  return r;
}
