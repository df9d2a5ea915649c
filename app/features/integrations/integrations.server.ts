/**
 * Server glue of the public integrations pages. Nothing here reads a session: these pages are public, and a
 * signed-in visitor sees exactly what an anonymous one sees.
 */

/** The query parameter of a tracking link: /int/order-track?token=… */
export const TRACKING_TOKEN_PARAM = "token";

export type OrderTracking = { state: "invalid" };

/**
 * What the holder of a tracking link may see. A tracking token belongs to a transport order and expires with it;
 * the transport module (TMS) issues them and adds the order view to this answer. Until transport orders exist no
 * token resolves. A missing, malformed, unknown or expired token all get the same "invalid or expired" answer, so
 * the page never tells which tokens exist.
 */
export function orderTracking(_token: string | null): OrderTracking {
  return { state: "invalid" };
}
