/**
 * An address as reports and pages keep it, independent of the reader's language, and how each language shows it.
 *
 * A resolved address is one string: a place's name or a street address as is, or a settlement with the distance and
 * bearing from it, kept as `≈<name>|<metres>|<degrees>` and written out per language ("near Kamëz, 2.1 km NE",
 * "pranë Kamëz, 2,1 km VL"). A point nothing could name stays as its coordinates ("41.32750, 19.81870").
 */

export type AddressLanguage = "al" | "en";

const NEAR = "\u2248";

/** Closer than this to a settlement, the address is the settlement's name alone. */
export const AT_SETTLEMENT_M = 500;

export interface NearSettlement {
  name: string;
  distanceM: number;
  /** bearing from the settlement to the point, degrees clockwise from north */
  bearing: number;
}

export const encodeNear = (n: NearSettlement): string =>
  `${NEAR}${n.name.replaceAll("|", "/")}|${Math.round(n.distanceM)}|${Math.round(n.bearing) % 360}`;

export function decodeNear(value: string): NearSettlement | null {
  if (!value.startsWith(NEAR)) return null;
  const [name, m, deg] = value.slice(1).split("|");
  const distanceM = Number(m);
  const bearing = Number(deg);
  if (!name || !Number.isFinite(distanceM) || !Number.isFinite(bearing)) return null;
  return { name, distanceM, bearing };
}

/** The coordinates of a point nothing names, as reports have always shown them. */
export const coordinateText = (lat: number, lon: number) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`;

const COORDINATES = /^(-?\d{1,2}(?:\.\d+)?), (-?\d{1,3}(?:\.\d+)?)$/;

/** The point a coordinate text stands for, or null for any other value (an address already). */
export function parseCoordinateText(value: string): { lat: number; lon: number } | null {
  const m = COORDINATES.exec(value);
  if (!m) return null;
  const lat = Number(m[1]);
  const lon = Number(m[2]);
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

const COMPASS: Record<AddressLanguage, string[]> = {
  en: ["N", "NE", "E", "SE", "S", "SW", "W", "NW"],
  // veri, verilindje, lindje, juglindje, jug, jugperëndim, perëndim, veriperëndim
  al: ["V", "VL", "L", "JL", "J", "JP", "P", "VP"],
};

/** The eight-point compass direction of a bearing in the reader's language. */
export const compass = (bearing: number, lng: AddressLanguage) =>
  COMPASS[lng][Math.round((((bearing % 360) + 360) % 360) / 45) % 8];

/** Kilometres with one decimal, a decimal comma in Albanian. */
export const kilometres = (m: number, lng: AddressLanguage) => {
  const km = (m / 1000).toFixed(1);
  return lng === "al" ? km.replace(".", ",") : km;
};

const NEAR_WORD: Record<AddressLanguage, string> = { en: "near", al: "pranë" };

/** An address value as the reader sees it (on screen, in exports, e-mails). */
export function formatAddress(value: string | null | undefined, lng: AddressLanguage): string {
  if (!value) return "";
  const near = decodeNear(value);
  if (!near) return value;
  if (near.distanceM < AT_SETTLEMENT_M) return near.name;
  return `${NEAR_WORD[lng]} ${near.name}, ${kilometres(near.distanceM, lng)} km ${compass(near.bearing, lng)}`;
}
