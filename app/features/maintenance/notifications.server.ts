import { redirect } from "react-router";
import { readReminderNotices, reminderNotices } from "../../../server/modules/maintenance";
import { orgTimeZone } from "../../../server/modules/organization";
import { formatInstant } from "../../../server/shared/dates";
import { formAction, intent } from "../../lib/forms.server";
import { requirePermission, type LoadContext } from "../../lib/route-kit.server";

/** The user's reminder notifications (newest first), each linking to its reminder. */
export async function notificationsLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:read");
  const [items, tz] = await Promise.all([reminderNotices(context.app, p), orgTimeZone(context.app, p.orgId)]);
  return {
    items: items.map((n) => ({
      reminder_id: n.reminder_id,
      stage: n.stage,
      name: n.name,
      registration: n.registration,
      sent_at: formatInstant(n.sent_at, tz),
      unread: n.read_at === null,
    })),
    read: new URL(request.url).searchParams.has("read"),
  };
}

export async function notificationsAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:read");
  return formAction(
    { request, context },
    {
      "read-all": intent({
        run: async () => {
          await readReminderNotices(context.app, p, "all");
          return redirect("/maintenance/notifications?read=1");
        },
      }),
    },
  );
}
