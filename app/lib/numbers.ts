/**
 * Numbers as each language writes them, the same on the server and in every browser. Chromium ships no Albanian
 * number data, so `Intl.NumberFormat("sq")` falls back to English there while Node formats Albanian: the page would
 * hydrate with other text than the server sent. English comes from Intl "en-US" (present everywhere); Albanian is
 * built from it as CLDR writes "sq": decimal comma, a no-break space between thousands, and no grouping below
 * 10 000 ("1234,5", "12 345,6").
 */
export function formatNumber(value: number, lng: string, digits: { min?: number; max: number } = { max: 1 }): string {
  const options = { minimumFractionDigits: digits.min ?? 0, maximumFractionDigits: digits.max };
  if (lng !== "al") return new Intl.NumberFormat("en-US", options).format(value);
  const plain = new Intl.NumberFormat("en-US", { ...options, useGrouping: false }).format(value);
  const [whole, fraction] = plain.split(".");
  const sign = whole.startsWith("-") ? "-" : "";
  const digitsOnly = sign ? whole.slice(1) : whole;
  const grouped = digitsOnly.length >= 5 ? digitsOnly.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0") : digitsOnly;
  return `${sign}${grouped}${fraction === undefined ? "" : `,${fraction}`}`;
}
