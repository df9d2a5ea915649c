import type { Config } from "../../config";

/** What one reverse lookup gives: a short street address, or null when the geocoder knows none there. */
export type ReverseResult = { address: string | null };

export interface GeocoderSettings {
  url: string;
  kind: "nominatim" | "photon";
  ratePerSec: number;
  userAgent: string;
}

/** The installation's geocoder, or null when GEOCODER_URL is not set. */
export function geocoderOf(config: Config): GeocoderSettings | null {
  if (!config.GEOCODER_URL) return null;
  const site = config.PUBLIC_URL ? ` (+${config.PUBLIC_URL})` : "";
  return {
    url: config.GEOCODER_URL,
    kind: config.GEOCODER_KIND,
    ratePerSec: config.GEOCODER_RATE_PER_SEC,
    // Nominatim's usage policy: identify the application
    userAgent: `Flota fleet management${site}`,
  };
}

const TIMEOUT_MS = 10_000;

const join = (...parts: Array<string | undefined | null>) => parts.filter((p) => p && p.trim()).join(", ");
const street = (road?: string, number?: string) => (road ? (number ? `${road} ${number}` : road) : undefined);

type Parts = Record<string, string | undefined>;

/** Nominatim's `address` object as "street number, locality". */
export function nominatimAddress(body: { address?: Parts; display_name?: string; error?: string }): string | null {
  if (body.error || !body.address) return null;
  const a = body.address;
  const locality = a.city ?? a.town ?? a.village ?? a.municipality ?? a.county;
  const road = street(a.road ?? a.pedestrian ?? a.footway ?? a.path, a.house_number);
  const near = road ?? a.neighbourhood ?? a.suburb ?? a.hamlet;
  const text = join(near, near === locality ? undefined : locality);
  return text || body.display_name?.split(",").slice(0, 3).join(",").trim() || null;
}

/** Photon's first feature as "street number, locality" (or its name). */
export function photonAddress(body: { features?: Array<{ properties?: Parts }> }): string | null {
  const p = body.features?.[0]?.properties;
  if (!p) return null;
  const locality = p.city ?? p.town ?? p.village ?? p.district ?? p.county;
  const near = street(p.street, p.housenumber) ?? p.name;
  const text = join(near, near === locality ? undefined : locality);
  return text || null;
}

/** One reverse lookup; throws on a network error, a timeout or an HTTP error (the job counts it as a failure). */
export async function reverseGeocode(g: GeocoderSettings, lat: number, lon: number): Promise<ReverseResult> {
  const url = new URL(g.url);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/reverse`;
  url.searchParams.set("lat", lat.toFixed(6));
  url.searchParams.set("lon", lon.toFixed(6));
  if (g.kind === "nominatim") {
    url.searchParams.set("format", "jsonv2");
    url.searchParams.set("addressdetails", "1");
    url.searchParams.set("zoom", "18");
  }
  const res = await fetch(url, {
    headers: { "User-Agent": g.userAgent, Accept: "application/json" },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
  const body = (await res.json()) as never;
  return { address: g.kind === "nominatim" ? nominatimAddress(body) : photonAddress(body) };
}
