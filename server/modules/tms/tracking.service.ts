import type { AppContext } from "../../context";
import { haversineMetres } from "../../optimization";
import { formatInstant } from "../../shared/dates";
import { orgTimeZone } from "../organization";
import { ordersRepo } from "./orders.repo";
import { settingsOf } from "./tms.settings";
import { truckPositionsRepo } from "./tracking.repo";
import type { OrderStatus } from "./tms.schema";

/** Tracking tokens are 32 base64url characters; anything else is not even looked up. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** A truck position older than this is not shown (the truck may be parked with its tracker off). */
const POSITION_MAX_AGE_MS = 30 * 60_000;
/** Average road speed for the estimate, and the detour of roads over the straight line. */
const ESTIMATE_SPEED_MPS = 40 / 3.6;
const DETOUR = 1.3;

export type PublicTracking =
  | { state: "invalid" }
  | {
      state: "ok";
      reference: string;
      status: OrderStatus;
      deliveryDate: string;
      /** only while STARTED and the position is fresh */
      truck: { lat: number; lon: number; at: string } | null;
      destination: { lat: number; lon: number } | null;
      eta: string | null;
      /** eta and finishedAt as "YYYY-MM-DD HH:mm" in the organisation's zone */
      etaText: string | null;
      finishedText: string | null;
      stopsBefore: number | null;
      finishedAt: string | null;
    };

/**
 * What the holder of a tracking link may see: its own order's reference, status, delivery day, the truck's position
 * while the order is on the way, the estimated arrival. Nothing else of the organisation (no name, no vehicle,
 * driver, other customers). Unknown, malformed and expired tokens all answer the same "invalid".
 */
export async function publicTracking(ctx: AppContext, token: string | null, now = new Date()): Promise<PublicTracking> {
  if (!token || !TOKEN.test(token)) return { state: "invalid" };
  const order = await ordersRepo.findByTrackingToken(ctx.db, token);
  if (!order || !order.tracking_expires_at || order.tracking_expires_at <= now) return { state: "invalid" };
  let truck: { lat: number; lon: number; at: string } | null = null;
  let eta: Date | null = order.status === "PENDING" ? null : order.eta;
  let stopsBefore: number | null = null;
  if (order.status === "STARTED" && order.vehicle_id) {
    const pos = (await truckPositionsRepo.latest(ctx.db, order.org_id, [order.vehicle_id])).get(order.vehicle_id);
    const ahead = (await ordersRepo.startedForVehicles(ctx.db, [order.vehicle_id]))
      .filter((o) => o.org_id === order.org_id && o.id !== order.id && (o.sequence ?? 0) < (order.sequence ?? 0))
      .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
    stopsBefore = ahead.length;
    if (pos?.at && now.getTime() - pos.at.getTime() <= POSITION_MAX_AGE_MS) {
      truck = { lat: pos.lat, lon: pos.lon, at: pos.at.toISOString() };
      const settings = await settingsOf(ctx.db, order.org_id);
      let metres = 0;
      let from = { lat: pos.lat, lon: pos.lon };
      for (const stop of [...ahead, order]) {
        const to = { lat: stop.latitude, lon: stop.longitude };
        metres += haversineMetres(from, to) * DETOUR;
        from = to;
      }
      eta = new Date(
        now.getTime() + (metres / ESTIMATE_SPEED_MPS + ahead.length * settings.service_minutes * 60) * 1000,
      );
    }
  }
  const tz = await orgTimeZone(ctx, order.org_id);
  const shownEta = order.status === "FINISHED" ? null : eta;
  return {
    state: "ok",
    reference: order.client_order_id ?? order.order_id,
    status: order.status,
    deliveryDate: order.delivery_date_at,
    truck,
    destination: order.status === "STARTED" ? { lat: order.latitude, lon: order.longitude } : null,
    eta: shownEta?.toISOString() ?? null,
    etaText: shownEta ? formatInstant(shownEta, tz) : null,
    finishedText: order.finished_at ? formatInstant(order.finished_at, tz) : null,
    stopsBefore,
    finishedAt: order.finished_at?.toISOString() ?? null,
  };
}
