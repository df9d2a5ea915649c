import { redirect } from "react-router";
import { catalogueService as catalogue } from "../../../server/modules/maintenance";
import { formAction, intent } from "../../lib/forms.server";
import { idParam, listQueryFrom, load, requirePermission, type LoadContext } from "../../lib/route-kit.server";
import { can } from "../../lib/permissions";
import { fieldsIntent, formOptions } from "./maintenance.server";

type Kind = "suppliers" | "parts";

export async function catalogueLoader(context: LoadContext, request: Request, kind: Kind) {
  const p = requirePermission(context, request, "maintenance:read");
  const q = listQueryFrom(request).q;
  const items =
    kind === "suppliers"
      ? await catalogue.listSuppliers(context.app, p, q)
      : await catalogue.listParts(context.app, p, q);
  const options = await formOptions(context, p);
  return {
    kind,
    items: items as Array<Record<string, unknown> & { id: string; name: string }>,
    suppliers: options.suppliers,
    canWrite: can(p, "maintenance:write"),
    deleted: new URL(request.url).searchParams.has("deleted"),
  };
}

export async function catalogueAddAction(context: LoadContext, request: Request, kind: Kind) {
  const p = requirePermission(context, request, "maintenance:write");
  return formAction(
    { request, context },
    {
      save: fieldsIntent(async (fields) => {
        const row =
          kind === "suppliers"
            ? await catalogue.saveSupplier(context.app, p, null, fields)
            : await catalogue.savePart(context.app, p, null, fields);
        return redirect(`/maintenance/${kind}/edit/${row.id}?saved=1`);
      }),
    },
  );
}

export async function catalogueEditLoader(
  context: LoadContext,
  request: Request,
  kind: Kind,
  rawId: string | undefined,
) {
  const p = requirePermission(context, request, "maintenance:read");
  const id = idParam(rawId);
  const record =
    kind === "suppliers"
      ? await load(() => catalogue.getSupplier(context.app, p, id))
      : await load(() => catalogue.getPart(context.app, p, id));
  const options = await formOptions(context, p);
  return {
    kind,
    record: record as Record<string, unknown> & { id: string; name: string },
    suppliers: options.suppliers,
    canWrite: can(p, "maintenance:write"),
    saved: new URL(request.url).searchParams.has("saved"),
  };
}

export async function catalogueEditAction(
  context: LoadContext,
  request: Request,
  kind: Kind,
  rawId: string | undefined,
) {
  const p = requirePermission(context, request, "maintenance:write");
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      save: fieldsIntent(async (fields) => {
        if (kind === "suppliers") await catalogue.saveSupplier(context.app, p, id, fields);
        else await catalogue.savePart(context.app, p, id, fields);
        return redirect(`/maintenance/${kind}/edit/${id}?saved=1`);
      }),
      stock: fieldsIntent(async (fields) => {
        if (kind !== "parts") return redirect(`/maintenance/${kind}/edit/${id}`);
        await catalogue.moveStock(context.app, p, id, fields);
        return redirect(`/maintenance/parts/edit/${id}?saved=1`);
      }),
      delete: intent({
        run: async () => {
          if (kind === "suppliers") await catalogue.deleteSupplier(context.app, p, id);
          else await catalogue.deletePart(context.app, p, id);
          return redirect(`/maintenance/${kind}?deleted=1`);
        },
      }),
    },
  );
}
