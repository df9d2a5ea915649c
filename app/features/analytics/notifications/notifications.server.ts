import { redirect } from "react-router";
import { z } from "zod";
import {
  availableReports,
  reportTitle,
  scheduleInputSchema,
  schedulesService as schedules,
} from "../../../../server/modules/analytics";
import { teamOptions } from "../../../../server/modules/teams";
import { assignableDrivers, peopleWithEmail } from "../../../../server/modules/users";
import { vehicleOptions } from "../../../../server/modules/vehicles";
import { formAction, intent } from "../../../lib/forms.server";
import { can } from "../../../lib/permissions";
import { idParam, load, readForm, requirePermission, type LoadContext } from "../../../lib/route-kit.server";

const LIST = "/analytics/notifications";
type Principal = ReturnType<typeof requirePermission>;
type Schedule = Awaited<ReturnType<typeof schedules.getSchedule>>;

/** A report type's title in both languages (the page shows the one it renders in). */
const titles = (type: string) => ({ al: reportTitle("al", type), en: reportTitle("en", type) });

/** /analytics/notifications: every report e-mail of the organisation, with what it sends, when and to whom. */
export async function notificationsLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "analytics:read");
  const list = await schedules.listSchedules(context.app, p);
  const q = new URL(request.url).searchParams;
  return {
    canWrite: can(p, "analytics:write"),
    notice: q.has("saved") ? "saved" : q.has("created") ? "created" : q.has("deleted") ? "deleted" : null,
    items: list.map((s) => ({
      id: s.id,
      name: s.name,
      report: titles(s.report_type),
      hour: s.hour,
      time_range: s.time_range,
      interval: s.interval,
      weekday: s.weekday,
      month_day: s.month_day,
      active: s.active,
      recipients: s.user_ids.length + s.emails.length,
      emails: s.emails,
    })),
  };
}
export type NotificationRow = Awaited<ReturnType<typeof notificationsLoader>>["items"][number];

/** The list's delete button (it names its schedule). */
export async function notificationsAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "analytics:write");
  return formAction(
    { request, context },
    {
      delete: intent({
        schema: z.object({ id: z.uuid() }),
        run: async ({ value }) => {
          await schedules.deleteSchedule(context.app, p, value.id);
          return redirect(`${LIST}?deleted=1`);
        },
      }),
    },
  );
}

/** What the form offers: the report types this user may run, vehicles, teams, drivers and people with an e-mail. */
async function formOptions(context: LoadContext, p: Principal) {
  const [vehicles, teams, drivers, users] = await Promise.all([
    vehicleOptions(context.app, p),
    teamOptions(context.app, p),
    assignableDrivers(context.app, p),
    peopleWithEmail(context.app, p.orgId),
  ]);
  const person = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();
  return {
    reports: availableReports(p).map((d) => ({
      type: d.type,
      title: titles(d.type),
      requiresVehicle: !!d.requiresVehicle,
    })),
    vehicles: vehicles.map((v) => ({
      id: v.id,
      label: v.identifier_name ? `${v.registration} (${v.identifier_name})` : v.registration,
    })),
    teams: teams.map((t) => ({ id: t.id, label: t.name })),
    drivers: drivers.map((d) => ({ id: d.id, label: d.name })),
    users: users.map((u) => ({ id: u.id, label: `${person(u)} <${u.email}>` })),
  };
}
export type NotificationFormOptions = Awaited<ReturnType<typeof formOptions>>;

/** A stored schedule as the strings a form posts. */
function formValues(s: Schedule): Record<string, string | string[]> {
  return {
    name: s.name,
    report_type: s.report_type,
    hour: String(s.hour),
    time_range: s.time_range,
    interval: s.interval,
    weekday: s.weekday === null ? "" : String(s.weekday),
    month_day: s.month_day === null ? "" : String(s.month_day),
    vehicle_ids: s.vehicle_ids,
    team_ids: s.team_ids,
    driver_ids: s.driver_ids,
    user_ids: s.user_ids,
    emails: s.emails.join("\n"),
    active: String(s.active),
  };
}

/** The add and edit pages. */
export async function notificationFormLoader(context: LoadContext, request: Request, rawId?: string) {
  const p = requirePermission(context, request, "analytics:write");
  const schedule = rawId === undefined ? null : await load(() => schedules.getSchedule(context.app, p, idParam(rawId)));
  const options = await formOptions(context, p);
  const defaults: Record<string, string | string[]> = schedule
    ? formValues(schedule)
    : {
        report_type: options.reports[0]?.type ?? "",
        hour: "7",
        time_range: "previous_week",
        interval: "weekly",
        weekday: "1",
        month_day: "1",
        user_ids: options.users.some((u) => u.id === p.userId) ? [p.userId] : [],
        active: "true",
      };
  return { schedule: schedule ? { id: schedule.id, name: schedule.name } : null, defaults, options };
}

/** Saves the add or edit form; a success goes back to the list with a notice. */
export async function saveNotificationAction(context: LoadContext, request: Request, rawId?: string) {
  const p = requirePermission(context, request, "analytics:write");
  const id = rawId === undefined ? null : idParam(rawId);
  const form = await readForm(request, context);
  // another organisation's schedule answers 404 before the form is read
  if (id) await load(() => schedules.getSchedule(context.app, p, id));
  return formAction(
    { request, context, form },
    {
      save: intent({
        schema: scheduleInputSchema,
        run: async ({ value }) => {
          if (id) await schedules.updateSchedule(context.app, p, id, value);
          else await schedules.createSchedule(context.app, p, value);
          return redirect(`${LIST}?${id ? "saved" : "created"}=1`);
        },
      }),
    },
  );
}
