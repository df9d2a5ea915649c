import { basemapGeoJson } from "../../../lib/map/basemap.server";

/** Country outlines for the offline basemap; public data, cached for a day by browsers and proxies. */
export async function loader() {
  return new Response(await basemapGeoJson(), {
    headers: {
      "Content-Type": "application/geo+json; charset=utf-8",
      "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    },
  });
}
