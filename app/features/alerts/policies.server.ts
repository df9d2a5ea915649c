import { data, redirect } from "react-router";
import { AppError } from "../../../server/errors";
import {
  logFilterSchema,
  policyInputSchema,
  type AlertType,
  alertsService as alerts,
} from "../../../server/modules/alerts";
import { orgTimeZone } from "../../../server/modules/organization";
import { formAction, intent } from "../../lib/forms.server";
import { formatDateTime } from "../../lib/map/time";
import {
  idParam,
  listQueryFrom,
  load,
  readForm,
  requirePermission,
  type LoadContext,
} from "../../lib/route-kit.server";
import { can } from "../../lib/permissions";

const VIEW = "/alerts/policies/policy";

/** The list's type filter, read like the log's (an unknown type is no filter). */
const typeFilter = (request: Request): AlertType | undefined =>
  logFilterSchema.shape.type.parse(new URL(request.url).searchParams.get("type") ?? undefined);

/** /alerts/policies: server-side search, sort, paging and a type filter. */
export async function policiesListLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "alerts:read");
  const type = typeFilter(request);
  const [page, timezone] = await Promise.all([
    load(() => alerts.listPolicies(context.app, p, listQueryFrom(request), { type })),
    orgTimeZone(context.app, p.orgId),
  ]);
  const items = page.items.map((r) => ({
    id: r.id,
    name: r.name,
    alert_type: r.alert_type,
    active: r.active,
    all_vehicles: r.all_vehicles,
    vehicle_count: r.vehicle_count,
    team_count: r.team_count,
    recipient_count: r.recipient_count,
    email_count: r.emails.length,
    notify_in_app: r.notify_in_app,
    notify_email: r.notify_email,
    last_alert: formatDateTime(r.last_alert_at ? new Date(r.last_alert_at).toISOString() : null, timezone).slice(0, 16),
  }));
  return { page: { ...page, items }, type: type ?? "", canWrite: can(p, "alerts:write") };
}
export type PolicyListRow = Awaited<ReturnType<typeof policiesListLoader>>["page"]["items"][number];

/** A stored policy as the strings and string lists a form posts. */
export function policyFormValues(policy: alerts.PolicyDetails): Record<string, string | string[]> {
  const on = (b: boolean) => (b ? "on" : "");
  return {
    name: policy.name,
    alert_type: policy.alert_type,
    active: String(policy.active),
    all_vehicles: on(policy.all_vehicles),
    vehicle_ids: policy.vehicle_ids,
    team_ids: policy.team_ids,
    all_geofences: on(policy.all_geofences),
    geofence_ids: policy.geofence_ids,
    speed_limit_kmh: policy.speed_limit_kmh == null ? "" : String(policy.speed_limit_kmh),
    duration_min: policy.duration_min == null ? "" : String(policy.duration_min),
    alarm_kinds: policy.alarm_kinds,
    fault_kinds: policy.fault_kinds,
    time_from: policy.time_from?.slice(0, 5) ?? "",
    time_to: policy.time_to?.slice(0, 5) ?? "",
    days: policy.days.map(String),
    daily_limit: policy.daily_limit == null ? "" : String(policy.daily_limit),
    driver_limit: policy.driver_limit == null ? "" : String(policy.driver_limit),
    notify_in_app: on(policy.notify_in_app),
    notify_email: on(policy.notify_email),
    recipient_ids: policy.recipient_ids,
    emails: policy.emails.join("\n"),
  };
}

/** The add and edit pages: the choices the form offers, and the stored policy when editing. */
export async function policyFormLoader(context: LoadContext, request: Request, rawId?: string) {
  const p = requirePermission(context, request, "alerts:write");
  const policy = rawId === undefined ? null : await load(() => alerts.getPolicy(context.app, p, idParam(rawId)));
  const options = await alerts.policyFormOptions(context.app, p);
  const defaults: Record<string, string | string[]> = policy
    ? policyFormValues(policy)
    : {
        alert_type: "speeding",
        active: "true",
        all_vehicles: "on",
        all_geofences: "on",
        days: ["0", "1", "2", "3", "4", "5", "6"],
        notify_in_app: "on",
        recipient_ids: options.users.some((u) => u.id === p.userId) ? [p.userId] : [],
      };
  return {
    policy: policy ? { id: policy.id, name: policy.name, version: policy.updated_at ?? "" } : null,
    defaults,
    options,
  };
}

/** Saves the add or edit form; a success goes to the policy's page with a notice. */
export async function savePolicyAction(context: LoadContext, request: Request, rawId?: string) {
  const p = requirePermission(context, request, "alerts:write");
  const id = rawId === undefined ? null : idParam(rawId);
  const form = await readForm(request, context);
  // Another organisation's id answers 404 before the form is even validated.
  if (id) await load(() => alerts.getPolicy(context.app, p, id));
  return formAction(
    { request, context, form },
    {
      save: intent({
        schema: policyInputSchema,
        run: async ({ value }) => {
          const saved = id
            ? await alerts.updatePolicy(context.app, p, id, value)
            : await alerts.createPolicy(context.app, p, value);
          return redirect(`${VIEW}/${saved.id}?${id ? "saved" : "created"}=1`);
        },
      }),
    },
  );
}

/** The read-only page: the policy with names for its links, and its latest 20 alerts. */
export async function policyViewLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "alerts:read");
  const id = idParam(rawId);
  const policy = await load(() => alerts.getPolicy(context.app, p, id));
  const [options, recent] = await Promise.all([
    alerts.policyFormOptions(context.app, p),
    alerts.listAlerts(context.app, p, { policy: id }, { page: 1, size: 20 }),
  ]);
  const pick = <T extends { id: string }>(list: T[], ids: string[]) => {
    const chosen = new Set(ids);
    const shown = list.filter((x) => chosen.has(x.id));
    return { shown, hidden: ids.length - shown.length };
  };
  const vehicles = pick(options.vehicles, policy.vehicle_ids);
  const teams = pick(options.teams, policy.team_ids);
  const geofences = pick(options.geofences, policy.geofence_ids);
  const users = pick(options.users, policy.recipient_ids);
  const canWrite = can(p, "alerts:write");
  const confirm = new URL(request.url).searchParams;
  return {
    policy: {
      id: policy.id,
      name: policy.name,
      alert_type: policy.alert_type,
      active: policy.active,
      all_vehicles: policy.all_vehicles,
      all_geofences: policy.all_geofences,
      speed_limit_kmh: policy.speed_limit_kmh,
      duration_min: policy.duration_min,
      alarm_kinds: policy.alarm_kinds,
      fault_kinds: policy.fault_kinds,
      time_from: policy.time_from?.slice(0, 5) ?? null,
      time_to: policy.time_to?.slice(0, 5) ?? null,
      days: policy.days,
      daily_limit: policy.daily_limit,
      driver_limit: policy.driver_limit,
      notify_in_app: policy.notify_in_app,
      notify_email: policy.notify_email,
      emails: policy.emails,
    },
    vehicles: { names: vehicles.shown.map((v) => v.registration), hidden: vehicles.hidden },
    teams: { names: teams.shown.map((t) => t.name), hidden: teams.hidden },
    geofences: { names: geofences.shown.map((g) => g.name), hidden: geofences.hidden },
    recipients: { names: users.shown.map((u) => `${u.first_name} ${u.last_name}`.trim()), hidden: users.hidden },
    alerts: {
      total: recent.total,
      items: recent.items.map((a) => ({
        id: a.id,
        occurred_at: formatDateTime(a.occurred_at, recent.timezone),
        alert_type: a.alert_type,
        registration: a.registration,
        driver_name: a.driver_name,
        place_name: a.place_name,
        details: a.details as Record<string, unknown>,
      })),
    },
    canWrite,
    confirmDelete: canWrite && (confirm.get("confirm") === "delete" || confirm.get("delete") === "1"),
  };
}
export type PolicyViewData = Awaited<ReturnType<typeof policyViewLoader>>;

/** The view page's buttons: activate, deactivate, delete (after the confirmation step). */
export async function policyViewAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "alerts:write");
  const id = idParam(rawId);
  const form = await readForm(request, context);
  const intent = form.get("intent");
  try {
    if (intent === "delete") {
      await alerts.deletePolicy(context.app, p, id);
      return redirect("/alerts/policies?deleted=1");
    }
    if (intent === "activate" || intent === "deactivate") {
      await alerts.setPolicyActive(context.app, p, id, intent === "activate");
      return redirect(`${VIEW}/${id}?${intent === "activate" ? "activated" : "deactivated"}=1`);
    }
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw data({ error: err.code }, { status: err.status });
  }
  await load(() => alerts.getPolicy(context.app, p, id));
  throw data({ error: "VALIDATION" }, { status: 400 });
}
