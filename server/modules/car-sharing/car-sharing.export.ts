import type { AppContext } from "../../context";
import { formatInstant } from "../../shared/dates";
import type { Principal } from "../access/principal";
import { csvCell } from "../../shared/csv";
import { orgTimeZone } from "../organization";
import type { ListQuery } from "../shared/listing";
import { historyRows } from "./booking-queries.service";
import type { HistoryTab } from "./car-sharing.schema";

const MAX_ROWS = 20_000;

/** The history as CSV (UTF-8 with BOM): the same tab, search and sort as the screen, every page, local times. */
export async function bookingsCsv(ctx: AppContext, p: Principal, tab: HistoryTab, q: ListQuery): Promise<string> {
  const timeZone = await orgTimeZone(ctx, p.orgId);
  const lines = [
    [
      "id",
      "vehicle",
      "user",
      "type",
      "destination",
      "purpose",
      "start",
      "end",
      "status",
      "distance_km",
      "my_role",
    ].join(","),
  ];
  for (let page = 1; (page - 1) * 200 < MAX_ROWS; page++) {
    const result = await historyRows(ctx, p, tab, { ...q, page, size: 200 });
    for (const b of result.items) {
      lines.push(
        [
          b.id,
          b.registration,
          b.user_name,
          b.type,
          b.destination,
          b.purpose_label ?? b.other_reason,
          formatInstant(b.starts_at, timeZone),
          formatInstant(b.ends_at, timeZone),
          b.displayStatus,
          b.distance_km,
          b.my_role,
        ]
          .map(csvCell)
          .join(","),
      );
    }
    if (page >= result.pages) break;
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
