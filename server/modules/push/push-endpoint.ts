import { AppError } from "../../errors";
import { checkOutboundUrl } from "../../shared/outbound-url";

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The endpoint's form: https without credentials, or http to loopback where private addresses are allowed. */
export function pushEndpointForm(url: URL, allowPrivate: boolean): boolean {
  if (url.username || url.password) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && allowPrivate && LOOPBACK.test(url.hostname));
}

/**
 * Where a push subscription may point (docs/security.md, "Outbound calls"): an https URL whose host passes the
 * installation's outbound guard. Plain http is taken only for a loopback push service on an installation that
 * allows private addresses (a local push service, the tests). The same guard judges the address again when a
 * notification is sent (guardedRequest), so a name that later resolves privately is refused then too.
 */
export async function checkPushEndpoint(raw: string, allowPrivate: boolean): Promise<string> {
  const url = new URL(raw);
  if (!pushEndpointForm(url, allowPrivate))
    throw new AppError("PUSH_ENDPOINT_INVALID", "A push endpoint must be an https URL without credentials", {
      field: "endpoint",
    });
  const check = await checkOutboundUrl(url, { allowPrivate });
  if (check.ok) return url.toString();
  if (check.reason === "private")
    throw new AppError("OUTBOUND_URL_PRIVATE", "The address is in a private network", { field: "endpoint" });
  throw new AppError("OUTBOUND_URL_UNRESOLVED", "The address's host cannot be found", { field: "endpoint" });
}
