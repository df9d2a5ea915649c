import { redirect } from "react-router";
import { z } from "zod";
import {
  catalogueService as catalogue,
  readReminderNotices,
  remindersService as reminders,
  reminderFilterSchema,
} from "../../../server/modules/maintenance";
import { orgToday } from "../../../server/modules/organization";
import { vehicleOptions } from "../../../server/modules/vehicles";
import { teamOptions } from "../../../server/modules/teams";
import { peopleWithEmail } from "../../../server/modules/users";
import { areaRedirect } from "../../../server/modules/auth";
import { formAction, intent } from "../../lib/forms.server";
import {
  idParam,
  indexRedirect,
  listQueryFrom,
  load,
  requirePermission,
  type LoadContext,
} from "../../lib/route-kit.server";
import { can } from "../../lib/permissions";
import type { Principal } from "../../../server/modules/access/principal";
import { readAttachments } from "./attachments.server";

/** Forms whose service parses the fields itself: Conform only collects them (typed values come back on failure). */
export const rawFields = z.object({});

/** A button whose service parses the fields itself: `run` gets them as posted (and the form, for its files). */
export function fieldsIntent(run: (fields: Record<string, unknown>, form: FormData) => Promise<Response>) {
  return intent({ schema: rawFields, serviceParses: true, run: ({ form }) => run(formFields(form), form) });
}

/** The choices maintenance forms offer: the user's vehicles, teams, people, suppliers and parts. */
export async function formOptions(context: LoadContext, p: Principal) {
  const [vehicles, teams, people, suppliers, parts] = await Promise.all([
    vehicleOptions(context.app, p),
    teamOptions(context.app, p),
    peopleWithEmail(context.app, p.orgId),
    catalogue.listSuppliers(context.app, p),
    catalogue.listParts(context.app, p),
  ]);
  return {
    vehicles: vehicles.map((v) => ({
      value: v.id,
      label: v.identifier_name ? `${v.registration} · ${v.identifier_name}` : v.registration,
      category: v.category,
    })),
    teams: teams.map((t) => ({ value: t.id, label: t.name })),
    people: people.map((u) => ({ value: u.id, label: `${u.first_name} ${u.last_name}`.trim() })),
    suppliers: suppliers.map((s) => ({ value: s.id, label: s.name })),
    parts: parts.map((x) => ({
      value: x.id,
      label: x.part_number ? `${x.name} (${x.part_number})` : x.name,
      stock: Number(x.stock),
    })),
  };
}
export type FormOptions = Awaited<ReturnType<typeof formOptions>>;

export async function remindersLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:read");
  const filter = reminderFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, options] = await Promise.all([
    load(() => reminders.listReminders(context.app, p, filter, listQueryFrom(request))),
    formOptions(context, p),
  ]);
  return { page, filter, options, canWrite: can(p, "maintenance:write") };
}

export async function reminderAddLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  return { options: await formOptions(context, p), today: await orgToday(context.app, p.orgId) };
}

export async function reminderAddAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  return formAction(
    { request, context },
    {
      save: fieldsIntent(async (fields) => {
        const rows = await reminders.createReminders(context.app, p, fields);
        return redirect(
          rows.length === 1
            ? `/maintenance/reminders/edit/${rows[0].id}?created=1`
            : `/maintenance/reminders?created=${rows.length}`,
        );
      }),
    },
  );
}

export async function reminderEditLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "maintenance:read");
  const reminder = await load(() => reminders.getReminder(context.app, p, idParam(rawId)));
  // opening the reminder reads the user's own notifications about it
  await readReminderNotices(context.app, p, reminder.id);
  const params = new URL(request.url).searchParams;
  const flash = (["created", "saved", "completed"] as const).find((k) => params.has(k)) ?? null;
  return {
    reminder,
    options: await formOptions(context, p),
    canWrite: can(p, "maintenance:write"),
    flash,
    today: await orgToday(context.app, p.orgId),
  };
}

export async function reminderEditAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "maintenance:write");
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      save: fieldsIntent(async (fields) => {
        await reminders.updateReminder(context.app, p, id, fields);
        return redirect(`/maintenance/reminders/edit/${id}?saved=1`);
      }),
      complete: fieldsIntent(async (fields, form) => {
        await reminders.completeReminder(context.app, p, id, fields, await readAttachments(form));
        return redirect(`/maintenance/reminders/edit/${id}?completed=1`);
      }),
      delete: intent({
        run: async () => {
          await reminders.deleteReminder(context.app, p, id);
          return redirect("/maintenance/reminders?deleted=1");
        },
      }),
    },
  );
}

/** The text fields of a form as the services parse them: repeated names become lists. */
export function formFields(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    if (key === "_csrf" || key === "intent") continue;
    const values = form.getAll(key).filter((v): v is string => typeof v === "string");
    if (!values.length) continue;
    out[key] = LISTS.has(key) ? values : values[0];
  }
  return out;
}
const LISTS = new Set(["vehicle_ids", "part_id", "part_quantity"]);

/** Spec: /maintenance goes to the role's redirect_urls.maintenance, else to the reminders. */
export function maintenanceIndexLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:read");
  return indexRedirect(request, areaRedirect(p, "maintenance", "/maintenance/reminders"));
}
