import { redirect } from "react-router";
import {
  checkOrdersFile,
  IMPORT_COLUMNS,
  MAX_IMPORT_BYTES,
  SAMPLE_CSV,
  saveImportedOrders,
  MAX_IMPORT_ROWS,
} from "../../../server/modules/tms";
import { formAction, intent, refuse } from "../../lib/forms.server";
import { bodyTooLarge, uploadedFile } from "../../lib/import.server";
import { requirePermission, type LoadContext } from "../../lib/route-kit.server";

export function importLoader(context: LoadContext, request: Request) {
  requirePermission(context, request, "tms:write");
  return { max: MAX_IMPORT_ROWS, columns: [...IMPORT_COLUMNS] };
}

export async function importAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "tms:write");
  if (bodyTooLarge(request, MAX_IMPORT_BYTES, MAX_IMPORT_BYTES)) return refuse("check", "IMPORT_TOO_LARGE", 413);
  return formAction<
    Response | ReturnType<typeof refuse> | { ok: true; check: Awaited<ReturnType<typeof checkOrdersFile>> }
  >(
    { request, context },
    {
      check: intent({
        run: async ({ form }) => {
          const file = uploadedFile(form);
          if (!file || file.size === 0) return refuse("check", "IMPORT_FORMAT");
          return {
            ok: true as const,
            check: await checkOrdersFile(context.app, p, {
              name: file.name,
              data: Buffer.from(await file.arrayBuffer()),
            }),
          };
        },
      }),
      save: intent({
        run: async ({ form }) => {
          let rows: unknown[];
          try {
            rows = JSON.parse(String(form.get("rows") ?? "[]")) as unknown[];
          } catch {
            return refuse("save", "IMPORT_FORMAT");
          }
          const count = await saveImportedOrders(context.app, p, Array.isArray(rows) ? rows : []);
          return redirect(`/tms/orders?imported=${count}`);
        },
      }),
    },
  );
}

export const sampleCsv = (context: LoadContext, request: Request) => {
  requirePermission(context, request, "tms:read");
  return new Response(`\uFEFF${SAMPLE_CSV}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="orders-sample.csv"',
    },
  });
};
