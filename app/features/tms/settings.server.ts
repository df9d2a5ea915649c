import { redirect } from "react-router";
import { apiKeysService as keys, settingsService as settings, settingsInputSchema } from "../../../server/modules/tms";
import { orgTimeZone } from "../../../server/modules/organization";
import { formatInstant, formatInstantDate } from "../../../server/shared/dates";
import { formAction, intent } from "../../lib/forms.server";
import { can } from "../../lib/permissions";
import { idParam, requirePermission, requireUser, type LoadContext } from "../../lib/route-kit.server";

export async function settingsLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "tms:read");
  const canAdmin = can(p, "settings:write");
  const [values, depots, apiKeys, tz] = await Promise.all([
    settings.getSettings(context.app, p),
    settings.listDepots(context.app, p),
    canAdmin ? keys.listApiKeys(context.app, p) : Promise.resolve([]),
    orgTimeZone(context.app, p.orgId),
  ]);
  return {
    values: settings.settingsFormValues(values),
    depots,
    apiKeys: apiKeys.map((k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      created_at: formatInstantDate(k.createdAt, tz),
      last_used_at: k.lastUsedAt ? formatInstant(k.lastUsedAt, tz) : null,
      revoked: Boolean(k.revokedAt),
    })),
    canWrite: can(p, "tms:write"),
    canAdmin,
  };
}

export async function settingsAction(context: LoadContext, request: Request) {
  const p = requireUser(context, request);
  return formAction<Response | { ok: true; newKey: string }>(
    { request, context },
    {
      save: intent({
        schema: settingsInputSchema,
        run: async ({ value }) => {
          await settings.saveSettings(context.app, p, value);
          return redirect("/tms/settings?saved=1");
        },
      }),
      addDepot: intent({
        run: async ({ form }) => {
          await settings.createDepot(context.app, p, Object.fromEntries(form));
          return redirect("/tms/settings?depotAdded=1");
        },
      }),
      deleteDepot: intent({
        run: async ({ form }) => {
          await settings.deleteDepot(context.app, p, idParam(String(form.get("depot") ?? "")));
          return redirect("/tms/settings?depotDeleted=1");
        },
      }),
      // The new key is shown once, in the answer (never in a URL).
      createKey: intent({
        run: async ({ form }) => ({
          ok: true as const,
          newKey: (await keys.createApiKey(context.app, p, Object.fromEntries(form))).key,
        }),
      }),
      revokeKey: intent({
        run: async ({ form }) => {
          await keys.revokeApiKey(context.app, p, idParam(String(form.get("key") ?? "")));
          return redirect("/tms/settings?revoked=1");
        },
      }),
    },
  );
}
