import { redirect } from "react-router";
import { assignableDrivers } from "../../../server/modules/users";
import { orgToday } from "../../../server/modules/organization";
import { attendanceService, attendanceRuleSchema } from "../../../server/modules/route-planning";
import { addDays, formatInstantTime } from "../../../server/shared/dates";
import { resolveLanguage } from "../../i18n/i18n.server";
import { nameCoordinates } from "../../lib/addresses.server";
import { formAction, intent } from "../../lib/forms.server";
import { can } from "../../lib/permissions";
import { requirePermission, type LoadContext } from "../../lib/route-kit.server";

const isDay = (d: string | null) => !!d && /^\d{4}-\d{2}-\d{2}$/.test(d);

/** The working days between from and to (the last week by default), the rules and the drivers they apply to. */
export async function attendanceLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:read");
  const url = new URL(request.url);
  const today = await orgToday(context.app, p.orgId);
  const from = isDay(url.searchParams.get("from")) ? url.searchParams.get("from")! : addDays(today, -6);
  const to = isDay(url.searchParams.get("to")) ? url.searchParams.get("to")! : today;
  const data = await attendanceService.attendanceDays(context.app, p, from, to);
  const canWrite = can(p, "routePlanning:write");
  // where each working day was started (the phone's position at the start), named
  const where = await nameCoordinates(
    context,
    p.orgId,
    resolveLanguage(request, p.language),
    data.days.map((d) =>
      d.start_lat !== null && d.start_lon !== null ? { lat: d.start_lat, lon: d.start_lon } : null,
    ),
  );
  return {
    from,
    to,
    active: data.active,
    canWrite,
    rules: await attendanceService.listAttendanceRules(context.app, p),
    days: data.days.map((d, i) => ({
      ...d,
      startedAt: where[i],
      start: formatInstantTime(d.started_at, data.timezone),
      end: d.ended_at ? formatInstantTime(d.ended_at, data.timezone) : "",
    })),
    users: canWrite ? (await assignableDrivers(context.app, p)).map((u) => ({ id: u.id, name: u.name })) : [],
  };
}

/** Applies an attendance rule to the chosen drivers. */
export function attendanceAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:write");
  return formAction(
    { request, context },
    {
      save: intent({
        schema: attendanceRuleSchema,
        run: async ({ value }) => {
          await attendanceService.applyAttendanceRule(context.app, p, value);
          return redirect(`/route-planning/attendance?applied=${value.user_ids.length}`);
        },
      }),
    },
  );
}
