import { AppError } from "../../errors";
import { checkOutboundUrl } from "../../shared/outbound-url";

/**
 * Where a webhook may point: http or https, no credentials, and (through the installation's one outbound guard,
 * server/shared/outbound-url.ts) a public address unless OUTBOUND_ALLOW_PRIVATE is set. The URL is checked when
 * saved here and the address again when connecting (webhook-http.ts), so a name that later resolves to a private
 * address (DNS rebinding) is refused at delivery time too.
 */
const invalid = (why: string) => new AppError("WEBHOOK_URL_INVALID", why, { field: "url" });
const refused = () =>
  new AppError("WEBHOOK_URL_PRIVATE", "The address is private or local; webhooks go to public addresses only", {
    field: "url",
  });

/** Parses the URL and refuses what a webhook may not call: a scheme other than http(s), credentials, no host. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid("Not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw invalid("Only http and https URLs are accepted");
  if (!url.hostname) throw invalid("The URL has no host");
  if (url.username || url.password) throw invalid("Credentials in the URL are not accepted; use the secret");
  return url;
}

/** Saving a webhook: the URL's form, then every address its host resolves to (all must be public). */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = parseWebhookUrl(raw);
  const check = await checkOutboundUrl(url, { allowPrivate });
  if (check.ok) return url.toString();
  if (check.reason === "private") throw refused();
  throw invalid(check.reason === "unresolved" ? "The host name does not resolve" : "Not a URL");
}
