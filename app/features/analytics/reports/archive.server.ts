import { data, redirect } from "react-router";
import {
  archiveFile,
  listArchives,
  retryArchive,
  EXPORT_FORMATS,
  CONTENT_TYPES,
  type ExportFormat,
  reportTitle,
} from "../../../../server/modules/analytics";
import { orgTimeZone } from "../../../../server/modules/organization";
import { formatInstant } from "../../../../server/shared/dates";
import { formAction, intent } from "../../../lib/forms.server";
import { idParam, requirePermission, type LoadContext } from "../../../lib/route-kit.server";
import { can } from "../../../lib/permissions";
import { lngOf, textRefusal } from "./reports.server";
import { z } from "zod";

type Args = { request: Request; context: LoadContext };

/** /analytics/archive: the user's archived reports, newest first, with status, progress and files. */
export async function archivePage({ request, context }: Args) {
  const p = requirePermission(context, request, "analytics:read");
  const url = new URL(request.url);
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const lng = lngOf(request, p);
  const [list, timeZone] = await Promise.all([
    listArchives(context.app, p, page, 20),
    orgTimeZone(context.app, p.orgId),
  ]);
  return {
    page: list.page,
    pages: list.pages,
    total: list.total,
    started: url.searchParams.has("started"),
    canRetry: can(p, "analytics:write"),
    items: list.items.map((a) => ({
      id: a.id,
      type: a.type,
      title: reportTitle(lng, a.type),
      from: a.from,
      to: a.to,
      status: a.status,
      progress: a.progress,
      rows: a.rowCount,
      error: a.error,
      schedule: a.scheduleName,
      created: formatInstant(a.createdAt, timeZone),
      finished: a.finishedAt ? formatInstant(a.finishedAt, timeZone) : null,
    })),
  };
}

/** Retry a FAILED archive (a new job; RUNNING again). */
export function archiveAction({ request, context }: Args) {
  const p = requirePermission(context, request, "analytics:write");
  return formAction(
    { request, context },
    {
      retry: intent({
        schema: z.object({ id: z.uuid() }),
        run: async ({ value }) => {
          await retryArchive(context.app, p, value.id);
          return redirect("/analytics/archive");
        },
      }),
    },
  );
}

/** /analytics/archive/:id/files/:format — a COMPLETED archive's file, in the user's language when it was made in it. */
export async function archiveDownload({ request, context }: Args, id: string | undefined, format: string) {
  const p = requirePermission(context, request, "analytics:read");
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw data({ error: "NOT_FOUND" }, { status: 404 });
  try {
    const f = await archiveFile(context.app, p, idParam(id), format as ExportFormat, lngOf(request, p));
    return new Response(new Uint8Array(f.content), {
      headers: {
        "Content-Type": CONTENT_TYPES[format as ExportFormat],
        "Content-Disposition": `attachment; filename="${f.fileName}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (err) {
    return textRefusal(err);
  }
}
