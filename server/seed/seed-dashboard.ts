import type { DB } from "../db/database";
import { dashboardRepo, STARTER_TILES, schedulesRepo, scheduleInputSchema } from "../modules/analytics";

/** The administrator's and managers' demo dashboards (how the fleet did this week) and a Monday 07:00 trips e-mail to the administrator. */
export async function seedDemoDashboard(
  db: DB,
  orgId: string,
  adminId: string,
  managerIds: string[] = [],
): Promise<void> {
  for (const userId of [adminId, ...managerIds])
    for (const t of STARTER_TILES) await dashboardRepo.insert(db, orgId, userId, t);
  await schedulesRepo.insert(
    db,
    orgId,
    adminId,
    scheduleInputSchema.parse({
      name: "Udhëtimet e javës",
      report_type: "trips",
      hour: 7,
      time_range: "previous_week",
      interval: "weekly",
      weekday: 1,
      user_ids: [adminId],
    }),
    {},
  );
}
