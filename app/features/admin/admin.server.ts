import { data, redirect } from "react-router";
import { loadPrincipal } from "../../../server/modules/auth/auth.service";
import { tenantCreateSchema, tenantDeleteSchema, tenantUpdateSchema } from "../../../server/modules/tenants/tenants.schema";
import { endSupportSession, startSupportSession } from "../../../server/modules/tenants/support.service";
import { createTenant, deleteTenant, getTenant, listTenants, setTenantStatus, updateTenant } from "../../../server/modules/tenants/tenants.service";
import { resetBaseUrl } from "../../components/auth/reset-actions.server";
import { actionError, formValues, idParam, listQueryFrom, load, readForm, requirePermission, requireUser, type LoadContext } from "../../lib/route-kit.server";
import { clientMeta } from "../../lib/session-cookies.server";
import { endSupportCookies, startSupportCookies, supportReturnToken } from "./support-cookies.server";

/** The web glue of the installation's administration area: every loader and action of app/features/admin/routes. */

const ORGS = "/administration/organizations";
const admin = (context: LoadContext, request: Request) => requirePermission(context, request, "installation:admin");

export async function organizationsLoader(request: Request, context: LoadContext) {
  const p = admin(context, request);
  const url = new URL(request.url);
  return { page: await load(() => listTenants(context.app, p, listQueryFrom(request))), notice: url.searchParams.get("deleted") ? "deleted" as const : null };
}

export function addOrganizationLoader(request: Request, context: LoadContext) {
  admin(context, request);
  return { values: { admin_language: "al", password_mode: "email" } as Record<string, unknown> };
}

export async function addOrganizationAction(request: Request, context: LoadContext) {
  const p = admin(context, request);
  const values = formValues(await readForm(request, context));
  try {
    const created = await createTenant(context.app, p, tenantCreateSchema.parse(values), { baseUrl: resetBaseUrl(context, request) });
    return redirect(`${ORGS}/${created.id}?created=${values.password_mode === "password" ? "password" : "email"}`);
  } catch (err) {
    const { admin_password: _pw, ...kept } = values;
    return actionError(err, kept);
  }
}

export async function organizationLoader(request: Request, context: LoadContext, id: string | undefined) {
  const p = admin(context, request);
  const url = new URL(request.url);
  const tenant = await load(() => getTenant(context.app, p, idParam(id)));
  const created = url.searchParams.get("created");
  const notice = created === "email" || created === "password" ? created : url.searchParams.get("saved") ? "saved" : null;
  return { tenant, notice, confirmDelete: url.searchParams.get("delete") === "1" };
}

/** One form per intent: update (name, country, quota), suspend, reactivate, delete (typed name), support (sign in as its administrator). */
export async function organizationAction(request: Request, context: LoadContext, rawId: string | undefined) {
  const p = admin(context, request);
  const id = idParam(rawId);
  const form = await readForm(request, context);
  const intent = String(form.get("intent") ?? "");
  const values = formValues(form);
  try {
    switch (intent) {
      case "update":
        await updateTenant(context.app, p, id, tenantUpdateSchema.parse(values));
        return redirect(`${ORGS}/${id}?saved=1`);
      case "suspend":
      case "reactivate":
        await setTenantStatus(context.app, p, id, intent === "suspend" ? "suspended" : "active");
        return redirect(`${ORGS}/${id}?saved=1`);
      case "delete":
        await deleteTenant(context.app, p, id, tenantDeleteSchema.parse(values).confirmation);
        return redirect(`${ORGS}?deleted=1`);
      case "support": {
        if (!context.sessionToken) throw data({ error: "FORBIDDEN" }, { status: 403 });
        const issued = await startSupportSession(context.app, p, id, clientMeta(request, context));
        return redirect("/manage", {
          headers: startSupportCookies(context, issued, { token: context.sessionToken, expiresAt: p.expiresAt }),
        });
      }
      default:
        throw data({ error: "NOT_FOUND" }, { status: 404 });
    }
  } catch (err) {
    return actionError(err, { ...values, intent });
  }
}

/** The way back from a support session: it ends, and the browser is the installation administrator again. */
export async function endSupportAction(request: Request, context: LoadContext) {
  const p = requireUser(context, request);
  await readForm(request, context);
  if (!p.support) throw data({ error: "FORBIDDEN" }, { status: 403 });
  await endSupportSession(context.app, p);
  const token = supportReturnToken(request);
  const back = token ? await loadPrincipal(context.app, token) : null;
  if (!back || !token) return redirect("/login", { headers: endSupportCookies(context, null) });
  return redirect(`${ORGS}/${p.orgId}`, { headers: endSupportCookies(context, { token, expiresAt: back.expiresAt }) });
}
