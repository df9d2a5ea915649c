import { data, redirect } from "react-router";
import { loadPrincipal } from "../../../server/modules/auth";
import {
  endSupportSession,
  startSupportSession,
  tenantCreateSchema,
  tenantDeleteSchema,
  tenantUpdateSchema,
  createTenant,
  deleteTenant,
  getTenant,
  listTenants,
  setTenantStatus,
  updateTenant,
} from "../../../server/modules/tenants";
import { formAction, intent } from "../../lib/forms.server";
import {
  idParam,
  listQueryFrom,
  load,
  readForm,
  requirePermission,
  requireUser,
  type LoadContext,
} from "../../lib/route-kit.server";
import { resetBaseUrl } from "../auth/auth.server";
import { clientMeta } from "../auth/session-cookies.server";
import { endSupportCookies, startSupportCookies, supportReturnToken } from "./support-cookies.server";

/** The web glue of the installation's administration area: every loader and action of app/features/admin/routes. */

const ORGS = "/administration/organizations";
const admin = (context: LoadContext, request: Request) => requirePermission(context, request, "installation:admin");

export async function organizationsLoader(request: Request, context: LoadContext) {
  const p = admin(context, request);
  const url = new URL(request.url);
  return {
    page: await load(() => listTenants(context.app, p, listQueryFrom(request))),
    notice: url.searchParams.get("deleted") ? ("deleted" as const) : null,
  };
}

export function addOrganizationLoader(request: Request, context: LoadContext) {
  admin(context, request);
  return { values: { admin_language: "al", password_mode: "email" } as Record<string, unknown> };
}

export async function addOrganizationAction(request: Request, context: LoadContext) {
  const p = admin(context, request);
  return formAction(
    { request, context },
    {
      save: intent({
        schema: tenantCreateSchema,
        hideFields: ["admin_password"],
        run: async ({ value }) => {
          const created = await createTenant(context.app, p, value, { baseUrl: resetBaseUrl(context, request) });
          return redirect(`${ORGS}/${created.id}?created=${value.password_mode}`);
        },
      }),
    },
  );
}

export async function organizationLoader(request: Request, context: LoadContext, id: string | undefined) {
  const p = admin(context, request);
  const url = new URL(request.url);
  const tenant = await load(() => getTenant(context.app, p, idParam(id)));
  const created = url.searchParams.get("created");
  const notice =
    created === "email" || created === "password" ? created : url.searchParams.get("saved") ? "saved" : null;
  return { tenant, notice, confirmDelete: url.searchParams.get("delete") === "1" };
}

/** One form per button: update (name, country, quota), suspend, reactivate, delete (typed name), support (sign in as its administrator). */
export async function organizationAction(request: Request, context: LoadContext, rawId: string | undefined) {
  const p = admin(context, request);
  const id = idParam(rawId);
  const saved = () => redirect(`${ORGS}/${id}?saved=1`);
  return formAction(
    { request, context },
    {
      update: intent({
        schema: tenantUpdateSchema,
        run: async ({ value }) => {
          await updateTenant(context.app, p, id, value);
          return saved();
        },
      }),
      suspend: intent({ run: async () => (await setTenantStatus(context.app, p, id, "suspended"), saved()) }),
      reactivate: intent({ run: async () => (await setTenantStatus(context.app, p, id, "active"), saved()) }),
      delete: intent({
        schema: tenantDeleteSchema,
        run: async ({ value }) => {
          await deleteTenant(context.app, p, id, value.confirmation);
          return redirect(`${ORGS}?deleted=1`);
        },
      }),
      support: intent({
        run: async () => {
          if (!context.sessionToken) throw data({ error: "FORBIDDEN" }, { status: 403 });
          const issued = await startSupportSession(context.app, p, id, clientMeta(request, context));
          return redirect("/manage", {
            headers: startSupportCookies(context, issued, { token: context.sessionToken, expiresAt: p.expiresAt }),
          });
        },
      }),
    },
  );
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
