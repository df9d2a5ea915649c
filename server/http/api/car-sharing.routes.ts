import { Router } from "express";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import {
  bookingsService as bookings,
  parseBookingTime,
  getGeneralSettings,
  HISTORY_TABS,
  type HistoryTab,
} from "../../modules/car-sharing";
import { orgTimeZone } from "../../modules/organization";
import { authed, listQuery, param } from "./api-kit";

/** /api/car-sharing: the mobile app's bookings (the same services and codes as the web screens). */
export function carSharingRoutes(ctx: AppContext) {
  const r = Router();
  const tab = (v: unknown): HistoryTab =>
    (HISTORY_TABS as readonly string[]).includes(String(v)) ? (v as HistoryTab) : "all";

  r.get(
    "/api/car-sharing/bookings",
    authed(ctx, (req, _s, p) => bookings.listHistory(ctx, p, tab(req.query.tab), listQuery(req))),
  );
  r.post(
    "/api/car-sharing/bookings",
    authed(ctx, async (req, res, p) => {
      const created = await bookings.createBooking(ctx, p, req.body ?? {});
      res.status(201).json(await bookings.getBooking(ctx, p, created.id));
    }),
  );
  r.get(
    "/api/car-sharing/bookings/:id",
    authed(ctx, async (req, _s, p) => bookings.getBooking(ctx, p, param(req, "id"))),
  );
  // edit an approved booking that has not started: fields left out keep their stored values
  r.put(
    "/api/car-sharing/bookings/:id",
    authed(ctx, async (req, _s, p) => {
      await bookings.updateBooking(ctx, p, param(req, "id"), req.body ?? {});
      return bookings.getBooking(ctx, p, param(req, "id"));
    }),
  );
  r.post(
    "/api/car-sharing/bookings/:id/cancel",
    authed(ctx, async (req, _s, p) => {
      await bookings.cancelBooking(ctx, p, param(req, "id"));
      return bookings.getBooking(ctx, p, param(req, "id"));
    }),
  );
  r.get(
    "/api/car-sharing/vehicles/free",
    authed(ctx, async (req, _s, p) => {
      const zone = await orgTimeZone(ctx, p.orgId);
      const start = parseBookingTime(req.query.start, zone);
      const end = parseBookingTime(req.query.end, zone);
      if (!start || !end || end <= start)
        throw new AppError("VALIDATION", "start and end are required, end after start", {
          field: !start ? "start" : "end",
        });
      return {
        items: (await bookings.freeVehicles(ctx, p, start, end)).map((v) => ({
          id: v.id,
          registration: v.registration,
          category: v.category,
        })),
      };
    }),
  );
  r.get(
    "/api/car-sharing/settings",
    authed(ctx, async (_req, _s, p) => getGeneralSettings(ctx, p)),
  );
  return r;
}
