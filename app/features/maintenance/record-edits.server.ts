import { redirect } from "react-router";
import { fuelService as fuel, recordsService as records } from "../../../server/modules/maintenance";
import { formAction } from "../../lib/forms.server";
import { idParam, load, requirePermission, type LoadContext } from "../../lib/route-kit.server";
import { readAttachments } from "./attachments.server";
import { fieldsIntent, formOptions } from "./maintenance.server";

/** Editing a service or a car wash (same form fields and rules as adding; the saved values first). */
export async function serviceEditLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "maintenance:write");
  const s = await load(() => records.serviceRecord(context.app, p, idParam(rawId)));
  return {
    record: {
      id: s.id,
      kind: s.kind,
      registration: s.registration,
      service_type: s.service_type,
      attachments: s.attachments.map((a) => ({ id: a.id, file_name: a.file_name })),
    },
    values: records.serviceFields(s),
    options: await formOptions(context, p),
  };
}

export async function serviceEditAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "maintenance:write");
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      save: fieldsIntent(async (fields, form) => {
        const row = await records.updateService(context.app, p, id, fields, {
          attachments: await readAttachments(form),
        });
        return redirect(row.kind === "wash" ? "/maintenance/wash?saved=1" : `/maintenance/services/${id}?saved=1`);
      }),
    },
  );
}

/** Editing a fuel report. */
export async function fuelEditLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "maintenance:write");
  const r = await load(() => fuel.fuelRecord(context.app, p, idParam(rawId)));
  return {
    record: {
      id: r.id,
      registration: r.registration,
      filled_on: r.filled_on,
      attachments: r.attachments.map((a) => ({ id: a.id, file_name: a.file_name })),
    },
    values: fuel.fuelFields(r),
    options: await formOptions(context, p),
  };
}

export async function fuelEditAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "maintenance:write");
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      save: fieldsIntent(async (fields, form) => {
        await fuel.updateFuelReport(context.app, p, id, fields, { attachments: await readAttachments(form) });
        return redirect("/maintenance/fuel?saved=1");
      }),
    },
  );
}
