import type { AppContext } from "../../../server/context";
import type { Principal } from "../../../server/modules/access/principal";
import { organizationRepo } from "../../../server/modules/organization/organization.repo";
import { DEFAULT_TIME_ZONE } from "./time";

/** The organisation's time zone, used to show and read dates on map screens. */
export async function orgTimeZone(ctx: AppContext, p: Principal): Promise<string> {
  const settings = await organizationRepo.findSettings(ctx.db, p.orgId);
  const tz = settings?.timezone || DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
