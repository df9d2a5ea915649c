import { redirect } from "react-router";
import { getMaintenanceSettings, saveMaintenanceSettings } from "../../../server/modules/maintenance";
import { formAction } from "../../lib/forms.server";
import { load, requirePermission, type LoadContext } from "../../lib/route-kit.server";
import { can } from "../../lib/permissions";
import { fieldsIntent } from "./maintenance.server";

/** /maintenance/settings: everyone with maintenance:read sees the tolerances, maintenance:write changes them. */
export async function settingsLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:read");
  const settings = await load(() => getMaintenanceSettings(context.app, p));
  return { settings, canWrite: can(p, "maintenance:write"), saved: new URL(request.url).searchParams.has("saved") };
}

export async function settingsAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  return formAction(
    { request, context },
    {
      save: fieldsIntent(async (fields) => {
        await saveMaintenanceSettings(context.app, p, fields);
        return redirect("/maintenance/settings?saved=1");
      }),
    },
  );
}
