import { FIELDS } from "./organization-fields";
import {
  organizationInputSchema,
  settingsInputSchema,
  getOrganization,
  updateOrganization,
  getSettings,
  updateSettings,
  supportContact,
} from "../../../server/modules/organization";
import { saveInPlace } from "../../lib/forms.server";
import { load, requirePermission, type LoadContext, requireUser } from "../../lib/route-kit.server";
import { can } from "../../lib/permissions";
import { timeZoneNames } from "../../../server/shared/time-zones";
import { visibleSections } from "./components/sections";

export async function organizationLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "organization:read");
  const org = await load(() => getOrganization(context.app, p));
  const values = Object.fromEntries(FIELDS.map(([f]) => [f, org[f]]));
  return { values, canWrite: can(p, "organization:write") };
}

export async function organizationAction(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "organization:read");
  return saveInPlace({ request, context }, organizationInputSchema, (value) =>
    updateOrganization(context.app, p, value),
  );
}

export async function settingsLoader(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "settings:read");
  const settings = await load(() => getSettings(context.app, p));
  return {
    values: settings as Record<string, unknown>,
    canWrite: can(p, "settings:write"),
    // the server's list, so the page hydrates with the same options it was rendered with
    timeZones: timeZoneNames(),
  };
}

export async function settingsAction(request: Request, context: LoadContext) {
  const p = requirePermission(context, request, "settings:read");
  return saveInPlace({ request, context }, settingsInputSchema, (value) => updateSettings(context.app, p, value));
}

export async function helpLoader(request: Request, context: LoadContext) {
  const p = requireUser(context, request);
  return {
    contact: await supportContact(context.app, p),
    host: new URL(request.url).hostname,
    sections: visibleSections(p)
      .filter((s) => s.key !== "help")
      .map(({ key, to }) => ({ key, to })),
    canManage: can(p, "manage:read"),
    geocoder: Boolean(context.app.config.GEOCODER_URL),
  };
}
