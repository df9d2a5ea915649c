import { data, redirect } from "react-router";
import {
  fleetCosts,
  fuelService as fuel,
  recordsService as records,
  costFilterSchema,
  recordFilterSchema,
} from "../../../server/modules/maintenance";
import { teamOptions } from "../../../server/modules/teams";
import { orgToday } from "../../../server/modules/organization";
import { failure, formAction, intent, refuse } from "../../lib/forms.server";
import { uploadedFile } from "../../lib/import.server";
import { idParam, load, readForm, requirePermission, type LoadContext } from "../../lib/route-kit.server";
import { can } from "../../lib/permissions";
import { readAttachments } from "./attachments.server";
import { fieldsIntent, formOptions } from "./maintenance.server";

const filterOf = (request: Request) => recordFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));

export async function servicesLoader(context: LoadContext, request: Request, kind: "service" | "wash") {
  const p = requirePermission(context, request, "maintenance:read");
  const filter = filterOf(request);
  const [items, options, today] = await Promise.all([
    load(() => records.listServiceRows(context.app, p, kind, filter)),
    formOptions(context, p),
    orgToday(context.app, p.orgId),
  ]);
  return { items, filter, options, today, canWrite: can(p, "maintenance:write") };
}

export async function serviceAddLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  const [options, today, readings] = await Promise.all([
    formOptions(context, p),
    orgToday(context.app, p.orgId),
    records.currentReadings(context.app, p),
  ]);
  const odometers = Object.fromEntries([...readings.values()].map((r) => [r.vehicle_id, r.odometer_km]));
  const engineHours = Object.fromEntries(
    [...readings.values()].filter((r) => r.engine_hours !== null).map((r) => [r.vehicle_id, r.engine_hours as number]),
  );
  return { options, today, odometers, engineHours };
}

export async function serviceAddAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  return formAction(
    { request, context },
    {
      save: fieldsIntent(async (fields, form) => {
        const row = await records.createService(context.app, p, fields, await readAttachments(form));
        return redirect(`/maintenance/services/${row.id}?created=1`);
      }),
    },
  );
}

export async function serviceLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "maintenance:read");
  const service = await load(() => records.serviceRecord(context.app, p, idParam(rawId)));
  const params = new URL(request.url).searchParams;
  return { service, canWrite: can(p, "maintenance:write"), created: params.has("created") || params.has("saved") };
}

export async function serviceAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "maintenance:write");
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      delete: intent({
        run: async () => {
          await records.deleteService(context.app, p, id);
          return redirect("/maintenance/services?deleted=1");
        },
      }),
    },
  );
}

export async function washAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  return formAction(
    { request, context },
    {
      save: fieldsIntent(async (fields) => {
        await records.createWash(context.app, p, fields);
        return redirect("/maintenance/wash?created=1");
      }),
    },
  );
}

export async function fuelLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:read");
  const filter = filterOf(request);
  const [items, options] = await Promise.all([
    load(() => fuel.listFuelRows(context.app, p, filter)),
    formOptions(context, p),
  ]);
  const params = new URL(request.url).searchParams;
  return {
    items,
    filter,
    options,
    canWrite: can(p, "maintenance:write"),
    imported: params.get("imported"),
    flash: params.has("created") || params.has("saved") ? "created" : params.has("deleted") ? "deleted" : null,
  };
}

export async function fuelAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  return formAction(
    { request, context },
    {
      delete: intent({
        run: async ({ form }) => {
          await fuel.deleteFuelReport(context.app, p, idParam(String(form.get("id") ?? "")));
          return redirect("/maintenance/fuel?deleted=1");
        },
      }),
    },
  );
}

export async function fuelAddLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  return {
    options: await formOptions(context, p),
    today: await orgToday(context.app, p.orgId),
    odometers: await records.currentOdometers(context.app, p),
  };
}

export async function fuelAddAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  return formAction(
    { request, context },
    {
      save: fieldsIntent(async (fields, form) => {
        await fuel.createFuelReport(context.app, p, fields, await readAttachments(form));
        return redirect("/maintenance/fuel?created=1");
      }),
    },
  );
}

export function fuelImportLoader(context: LoadContext, request: Request) {
  requirePermission(context, request, "maintenance:write");
  return null;
}

/** The CSV import: per-row errors come back to the page and nothing is saved; a clean file is saved whole. */
export async function fuelImportAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  const form = await readForm(request, context);
  const file = uploadedFile(form);
  if (!file) return refuse("import", "IMPORT_FORMAT");
  try {
    const result = await fuel.importFuelCsv(context.app, p, file);
    if (result.errors.length) return data({ ok: false as const, rowErrors: result.errors }, { status: 400 });
    return redirect(`/maintenance/fuel?imported=${result.saved}`);
  } catch (err) {
    return failure("import", err);
  }
}

/** An attachment (invoice photo or PDF) as a download. */
export async function attachmentLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "maintenance:read");
  const a = await load(() => records.getAttachment(context.app, p, idParam(rawId)));
  return new Response(new Uint8Array(a.data), {
    headers: {
      "content-type": a.content_type,
      "content-length": String(a.byte_size),
      "cache-control": "private, no-store",
      "content-disposition": `${a.content_type === "application/pdf" ? "attachment" : "inline"}; filename="${a.file_name.replace(/[^\w.-]+/g, "_")}"`,
      "x-content-type-options": "nosniff",
    },
  });
}

/** The fleet profile: costs per vehicle and team, cost per km. */
export async function costsLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:read");
  const filter = costFilterSchema.catch({}).parse(Object.fromEntries(new URL(request.url).searchParams));
  const [costs, teams] = await Promise.all([
    load(() => fleetCosts(context.app, p, filter)),
    teamOptions(context.app, p),
  ]);
  return { costs, teams: teams.map((t) => ({ value: t.id, label: t.name })), teamId: filter.team_id ?? "" };
}
