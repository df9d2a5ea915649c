import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";
import type { Permission } from "../access/permissions";

export const analyticsPolicy = {
  /** run reports, see the dashboard */
  read: (p: Principal) => authorize(p, "analytics:read"),
  /** schedule report e-mails, archive reports */
  write: (p: Principal) => authorize(p, "analytics:write"),
  /** a report that shows another module's data needs that module's permission too */
  readReport: (p: Principal, extra: Permission | undefined) => {
    authorize(p, "analytics:read");
    if (extra) authorize(p, extra);
  },
};
