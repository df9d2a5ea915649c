import type { Language } from "../i18n/config";
import type { LoadContext } from "./route-kit.server";
import { formatAddress, resolveAddresses } from "../../server/modules/addresses";

type Point = { lat: number; lon: number } | null | undefined;

/**
 * The page's points named in one pass (the organisation's places, the geocoder's cached streets, the bundled
 * gazetteer; server/modules/addresses), in the page's language; null where there is no point.
 */
export async function nameCoordinates(
  context: LoadContext,
  orgId: string,
  lng: Language,
  points: readonly Point[],
): Promise<Array<string | null>> {
  const located = points.flatMap((pt, i) => (pt ? [{ i, pt }] : []));
  const names: Array<string | null> = points.map(() => null);
  if (!located.length) return names;
  const found = await resolveAddresses(
    context.app,
    orgId,
    located.map((l) => l.pt),
  );
  located.forEach((l, k) => {
    names[l.i] = formatAddress(found[k], lng);
  });
  return names;
}
