import { alertsService } from "../../../server/modules/alerts";
import { unreadReminderNotices } from "../../../server/modules/maintenance";
import { visibleNav } from "../../lib/navigation";
import { can } from "../../lib/permissions";
import { requireUser, type LoadContext } from "../../lib/route-kit.server";

/** The signed-in frame: the user, the navigation they may see, the bells' counts and a support session's banner. */
export async function appLayoutLoader(context: LoadContext, request: Request) {
  const p = requireUser(context, request);
  return {
    user: { name: `${p.firstName} ${p.lastName}`, role: p.role.name, email: p.email },
    nav: visibleNav(p).map(({ to, labelKey, icon, group }) => ({ to, labelKey, icon, group })),
    navCollapsed: p.navCollapsed,
    alerts: can(p, "alerts:read"),
    unreadAlerts: await alertsService.unreadAlertCount(context.app, p),
    // maintenance reminders in the app (docs/maintenance.md): shown to users who may read maintenance
    reminders: can(p, "maintenance:read") ? await unreadReminderNotices(context.app, p) : null,
    // a fresh load replaces the bells' live counts even when the number is the same as the last load's
    loadedAt: Date.now(),
    support: p.support
      ? { operator: p.support.name, user: `${p.firstName} ${p.lastName}`, organization: p.support.orgName }
      : null,
  };
}
