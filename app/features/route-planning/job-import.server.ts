import { orgToday } from "../../../server/modules/organization";
import {
  commitJobImport,
  getJobImport,
  sampleJobsCsv,
  uploadJobs,
  JOB_IMPORT_MAX_BYTES,
} from "../../../server/modules/route-planning";
import { previewFromToken, tokenImportAction } from "../../lib/import.server";
import { requirePermission, type LoadContext } from "../../lib/route-kit.server";
import { JOBS_LIST_PATH, JOBS_PATH } from "./paths";

const PATH = `${JOBS_PATH}/import`;

/** The preview of an upload kept under ?token=. */
export async function jobImportLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:write");
  return previewFromToken(request, (token) => getJobImport(context.app, p, token));
}

/** Step 1 (upload) checks the file and keeps it under a token; step 2 (commit) saves all of it, or the valid rows only. */
export async function jobImportAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:write");
  return tokenImportAction(
    { request, context },
    {
      maxBytes: JOB_IMPORT_MAX_BYTES,
      upload: (file) => uploadJobs(context.app, p, file),
      preview: (token) => `${PATH}?token=${token}`,
      commit: (token, opts) => commitJobImport(context.app, p, token, opts),
      saved: (count) => `${JOBS_LIST_PATH}?imported=${count}`,
    },
  );
}

/** The import's sample file, its example texts in the user's language (?lng=al|en overrides). */
export async function sampleJobsLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:read");
  const asked = new URL(request.url).searchParams.get("lng");
  const language = asked === "al" || asked === "en" ? asked : p.language;
  return new Response(sampleJobsCsv(language, await orgToday(context.app, p.orgId)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="jobs-sample-${language}.csv"`,
    },
  });
}
