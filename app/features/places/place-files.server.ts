import {
  commitImport,
  exportPlaces,
  getImportSummary,
  IMPORT_MAX_BYTES,
  placesLayers,
  uploadPlaces,
} from "../../../server/modules/places";
import { previewFromToken, tokenImportAction } from "../../lib/import.server";
import { load, requirePermission, type LoadContext } from "../../lib/route-kit.server";

/** Download of the organisation's places as CSV (UTF-8) or GeoJSON. */
export async function placesExportLoader(context: LoadContext, request: Request, format: "csv" | "geojson") {
  const p = requirePermission(context, request, "places:read");
  const body = await load(() => exportPlaces(context.app, p, format));
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/geo+json; charset=utf-8",
      "Content-Disposition": `attachment; filename="places.${format}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The preview of an uploaded file kept under ?token=. */
export async function placesImportLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "places:write");
  return previewFromToken(request, (token) => getImportSummary(context.app, p, token));
}

/** Step 1 (intent=upload) checks the file and keeps it under a token; step 2 (intent=commit) saves it. */
export async function placesImportAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "places:write");
  return tokenImportAction(
    { request, context },
    {
      maxBytes: IMPORT_MAX_BYTES,
      upload: (file) => uploadPlaces(context.app, p, file),
      preview: (token) => `/places/import?token=${token}`,
      commit: (token, opts) => commitImport(context.app, p, token, opts),
      saved: (count) => `/places/points?imported=${count}`,
    },
  );
}

/** The organisation's places for map layers (live map, replay, places lists); see app/lib/map/layers/PlacesLayer.tsx. */
export async function placesLayersLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "places:read");
  const layers = await load(() => placesLayers(context.app, p));
  return new Response(JSON.stringify(layers), {
    headers: { "Content-Type": "application/geo+json; charset=utf-8", "Cache-Control": "private, no-cache" },
  });
}
