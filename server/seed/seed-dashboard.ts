import type { DB } from "../db/database";
import { dashboardRepo } from "../modules/analytics/dashboard/dashboard.repo";
import { tileInputSchema } from "../modules/analytics/dashboard/dashboard.schema";
import { schedulesRepo } from "../modules/analytics/schedules/schedules.repo";
import { scheduleInputSchema } from "../modules/analytics/schedules/schedules.schema";

/** The administrator's demo dashboard (how the fleet did this week) and a Monday 07:00 trips e-mail to them. */
export async function seedDemoDashboard(db: DB, orgId: string, adminId: string): Promise<void> {
  const tiles = [
    { metric: "distance", chart_type: "number", time_window: "this_week" },
    { metric: "distance", chart_type: "bar", ranking: "top", ranking_size: 10, time_window: "this_week" },
    { metric: "trips", chart_type: "line", time_window: "previous_7_days" },
    { metric: "idling_time", chart_type: "pie", ranking: "top", ranking_size: 10, time_window: "this_week" },
    { metric: "eco_score", chart_type: "table", ranking: "bottom", ranking_size: 10, time_window: "previous_week" },
  ];
  for (const t of tiles) await dashboardRepo.insert(db, orgId, adminId, tileInputSchema.parse(t));
  await schedulesRepo.insert(db, orgId, adminId, scheduleInputSchema.parse({
    name: "Udhëtimet e javës", report_type: "trips", hour: 7, time_range: "previous_week", interval: "weekly", weekday: 1, user_ids: [adminId],
  }), {});
}
