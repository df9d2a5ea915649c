import type { AppContext } from "../../../server/context";
import type { Principal } from "../../../server/modules/access/principal";
import { orgTimeZone as organizationTimeZone } from "../../../server/modules/organization";

/** The organisation's time zone, used to show and read dates on map screens. */
export const orgTimeZone = (ctx: AppContext, p: Principal): Promise<string> => organizationTimeZone(ctx, p.orgId);
