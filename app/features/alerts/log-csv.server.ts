import { formatAddress, resolveAddresses } from "../../../server/modules/addresses";
import { listAlerts } from "../../../server/modules/alerts";
import { csvCell } from "../../../server/shared/csv";
import { alertSummary, alertTypeLabel, formatAlertTime } from "./components/alert-text";
import { getFixedT, resolveLanguage } from "../../i18n/i18n.server";
import { logFilterFrom, periodError } from "./log.server";
import { requirePermission, type LoadContext } from "../../lib/route-kit.server";

/** At most this many rows in one download (newest first). */
const CSV_MAX_ROWS = 10_000;
const CHUNK = 1000;

/** The filtered log as CSV (UTF-8, with BOM for spreadsheets): the same filters as the page, every page of it. */
export async function alertLogCsvLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "alerts:read");
  const url = new URL(request.url);
  const { filter, invalid } = logFilterFrom(url);
  const lng = resolveLanguage(request, p.language);
  const t = await getFixedT(lng, ["alertLog", "alerts", "common"]);
  if (invalid)
    return new Response(t(`alertLog:errors.${invalid}`), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const head = [
    "time",
    "type",
    "type_label",
    "vehicle",
    "driver",
    "summary",
    "place",
    "policy",
    "latitude",
    "longitude",
    "speed_kmh",
    "read",
    "address",
  ];
  const lines = [head.join(",")];
  try {
    for (let page = 1; (page - 1) * CHUNK < CSV_MAX_ROWS; page++) {
      const res = await listAlerts(context.app, p, filter, { page, size: CHUNK });
      const located = res.items.filter((a) => a.lat !== null && a.lon !== null);
      const addresses = await resolveAddresses(
        context.app,
        p.orgId,
        located.map((a) => ({ lat: a.lat!, lon: a.lon! })),
      );
      const addressOfAlert = new Map(located.map((a, i) => [a.id, formatAddress(addresses[i], lng)]));
      for (const a of res.items) {
        const details = (a.details ?? {}) as Record<string, unknown>;
        lines.push(
          [
            formatAlertTime(a.occurred_at, res.timezone),
            a.alert_type,
            alertTypeLabel(t, a.alert_type),
            a.registration,
            a.driver_name,
            alertSummary(t, { alertType: a.alert_type, details, placeName: a.place_name }),
            a.place_name,
            a.policy_name,
            a.lat,
            a.lon,
            a.speed_kmh,
            a.read === null ? "" : a.read ? "yes" : "no",
            addressOfAlert.get(a.id) ?? "",
          ]
            .map(csvCell)
            .join(","),
        );
      }
      if (page >= res.pages) break;
    }
  } catch (err) {
    const code = periodError(err);
    if (!code) throw err;
    return new Response(t(`alertLog:errors.${code}`), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(`\uFEFF${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="alerts.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
