import type { Page } from "./listing";

/** A timestamp as the API sends it: ISO 8601 in UTC. */
export function iso(d: Date | string | null | undefined): string | null {
  if (d === null || d === undefined) return null;
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

/** A NUMERIC column (read as text by pg) as a JSON number. */
export function num(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined || v === "") return null;
  return typeof v === "number" ? v : Number(v);
}

export function mapPage<T, U>(page: Page<T>, fn: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map(fn) };
}
