import type { AppContext } from "../../context";
import type { Principal } from "../access/principal";
import { maintenancePolicy } from "./maintenance.policy";
import { reminderInboxRepo } from "./reminder-inbox.repo";

/**
 * Maintenance reminders in the app. The hourly job claims one notice per reminder, cycle and stage and names the
 * responsible user on it (reminder-notices.ts): that row is the user's notification, shown in their language by the
 * page that lists it, linking to the reminder; opening the reminder reads its notices.
 */
export async function reminderNotices(ctx: AppContext, p: Principal) {
  maintenancePolicy.read(p);
  return reminderInboxRepo.list(ctx.db, p, 100);
}

/** The header's count: the user's unread reminder notices (0 without maintenance:read). */
export async function unreadReminderNotices(ctx: AppContext, p: Principal): Promise<number> {
  if (!p.permissions.has("maintenance:read")) return 0;
  return reminderInboxRepo.unread(ctx.db, p);
}

/** Marks the user's own notices read: one reminder's (when they open it) or all of them. */
export async function readReminderNotices(ctx: AppContext, p: Principal, reminderId: string | "all") {
  maintenancePolicy.read(p);
  return reminderInboxRepo.markRead(ctx.db, p, reminderId);
}
