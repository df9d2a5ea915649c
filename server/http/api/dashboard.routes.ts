import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { dashboardService as dashboard } from "../../modules/analytics";
import { TIME_WINDOWS } from "../../modules/shared/reports/period";
import { authed, param, parseBody } from "./api-kit";

const benchmarksQuery = z.object({
  by: z.enum(["vehicle", "driver", "team"]).default("vehicle"),
  window: z.enum(TIME_WINDOWS).default("this_week"),
});
const orderBody = z.object({ ids: z.array(z.uuid()) });

/**
 * The signed-in user's dashboard (spec section 3, "Dashboard tile"): tiles with their figures in base units
 * (metres, seconds, km/h, litres, percent), adding, changing, ordering and removing tiles, and benchmarks.
 */
export function dashboardRoutes(ctx: AppContext) {
  const r = Router();
  r.get(
    "/api/dashboard/tiles",
    authed(ctx, (_req, _s, p) => dashboard.dashboardData(ctx, p)),
  );
  r.post(
    "/api/dashboard/tiles",
    authed(ctx, async (req, res, p) => {
      const tile = await dashboard.addTile(ctx, p, req.body ?? {});
      res.status(201);
      return tile;
    }),
  );
  r.put(
    "/api/dashboard/tiles/order",
    authed(ctx, async (req, _s, p) => dashboard.reorderTiles(ctx, p, parseBody(orderBody, req.body).ids)),
  );
  r.get(
    "/api/dashboard/tiles/:id",
    authed(ctx, (req, _s, p) => dashboard.getTile(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/dashboard/tiles/:id",
    authed(ctx, async (req, _s, p) => {
      const id = param(req, "id");
      await dashboard.updateTile(ctx, p, id, req.body ?? {});
      return dashboard.getTile(ctx, p, id);
    }),
  );
  r.delete(
    "/api/dashboard/tiles/:id",
    authed(ctx, (req, _s, p) => dashboard.removeTile(ctx, p, param(req, "id"))),
  );
  r.get(
    "/api/dashboard/benchmarks",
    authed(ctx, (req, _s, p) => {
      const q = benchmarksQuery.parse(req.query);
      return dashboard.benchmarks(ctx, p, q.window, q.by);
    }),
  );
  return r;
}
