import { randomBytes } from "node:crypto";
import type { DB } from "../db/database";
import { addDays, todayIn } from "../shared/dates";
import { DEFAULT_TIME_ZONE } from "../shared/time-zones";

const CUSTOMERS = [
  "Market Rinia",
  "Bar Sheshi",
  "Pastiçeri Lulja",
  "Farmacia Vita",
  "Hotel Arbëria",
  "Kafe Piazza",
  "Supermarket Conad",
  "Restorant Oda",
  "Dyqani Ema",
  "Furra Qendra",
];
const REGIONS = ["Tiranë", "Kamëz", "Vorë", "Durrës"];

/** Demo transport data: settings, a depot at Rinas, 60 pending orders for today and tomorrow around Tirana. */
export async function seedDemoTms(db: DB, orgId: string, timeZone = DEFAULT_TIME_ZONE) {
  await db
    .insertInto("tms_settings")
    .values({ org_id: orgId })
    .onConflict((oc) => oc.column("org_id").doNothing())
    .execute();
  await db
    .insertInto("tms_depots")
    .values({ org_id: orgId, name: "Depo Rinas", latitude: 41.4147, longitude: 19.7206 })
    .execute();
  const today = todayIn(timeZone);
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const rows = Array.from({ length: 60 }, (_, i) => {
    const windowed = i % 4 === 0;
    return {
      org_id: orgId,
      order_id: `SO-${String(1001 + i)}`,
      client_order_id: i % 3 === 0 ? `C-${500 + i}` : null,
      customer_code: `CUST-${100 + (i % 25)}`,
      customer_name: `${CUSTOMERS[i % CUSTOMERS.length]} ${1 + Math.floor(i / CUSTOMERS.length)}`,
      latitude: 41.28 + rand() * 0.1,
      longitude: 19.74 + rand() * 0.14,
      region: REGIONS[i % REGIONS.length],
      business: i % 2 ? "Retail" : "HoReCa",
      packets: 1 + Math.floor(rand() * 12),
      weight: Math.round((5 + rand() * 120) * 100) / 100,
      sales_agent: ["Arta", "Ilir", "Blerina"][i % 3],
      delivery_date_at: i < 40 ? today : addDays(today, 1),
      window_start: windowed ? 540 : null,
      window_end: windowed ? 720 : null,
      tracking_token: randomBytes(24).toString("base64url"),
      tracking_expires_at: new Date(Date.now() + 3 * 86_400_000),
    };
  });
  await db.insertInto("tms_orders").values(rows).execute();
}
