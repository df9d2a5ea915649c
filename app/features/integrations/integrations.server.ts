/**
 * Server glue of the public integrations pages. Nothing here reads a session: these pages are public, and a
 * signed-in visitor sees exactly what an anonymous one sees.
 */
import type { AppContext } from "../../../server/context";
import { publicTracking, type PublicTracking } from "../../../server/modules/tms";

/** The query parameter of a tracking link: /int/order-track?token=… */
export const TRACKING_TOKEN_PARAM = "token";

export type OrderTracking = PublicTracking;

/**
 * What the holder of a tracking link may see (the transport module decides: server/modules/tms/tracking.service.ts).
 * A missing, malformed, unknown or expired token all get the same "invalid or expired" answer, so the page never
 * tells which tokens exist.
 */
export function orderTracking(ctx: AppContext, token: string | null): Promise<OrderTracking> {
  return publicTracking(ctx, token);
}
