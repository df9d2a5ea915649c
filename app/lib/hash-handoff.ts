/**
 * Runs in <head> before the page renders, because the hash never reaches the server (spec section 2):
 * - a hash containing /int/ (`/#/int/order-track?token=…`, `/manage#/int/…`) is an integrations view: the browser
 *   goes to its path form (`/int/order-track?token=…`), which the server renders as the public page, so neither the
 *   login redirect nor the mobile banner ever shows;
 * - otherwise a hash carrying access_token (`#access_token=…&expires=…&user=…`, `#/?access_token=…`) is handed to
 *   the server as a query (server/http/token-handoff.ts stores it as the session and sends the user to login).
 * Hash changes later on (a link to `#/int/…`) are followed the same way. A page being left is hidden (so the
 * login page or the mobile banner never shows for an instant) and window.__flotaLeaving tells entry.client.tsx not
 * to hydrate it.
 * Kept as plain ES5 text: it is inlined into every page as is.
 */
export const HASH_HANDOFF_SCRIPT = `(function () {
  function follow() {
    var hash = window.location.hash;
    if (!hash || window.location.pathname.indexOf("/int") === 0) return false;
    var i = hash.indexOf("/int/");
    if (i >= 0) { window.location.replace(hash.slice(i)); return true; }
    var body = hash.replace(/^#\\/?/, "");
    var q = body.indexOf("?") >= 0 ? body.slice(body.indexOf("?") + 1) : body;
    var params = new URLSearchParams(q);
    if (params.get("access_token")) { window.location.replace("/?" + params.toString()); return true; }
    return false;
  }
  function leave() {
    if (!follow()) return;
    window.__flotaLeaving = true;
    document.documentElement.style.visibility = "hidden";
  }
  leave();
  window.addEventListener("hashchange", leave);
})();`;

declare global {
  interface Window {
    __flotaLeaving?: boolean;
  }
}
