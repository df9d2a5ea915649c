import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const alertsPolicy = {
  /** the log, the overview and one's own notifications */
  read: (p: Principal) => authorize(p, "alerts:read"),
  /** alert policies: add, edit, switch on/off, delete */
  write: (p: Principal) => authorize(p, "alerts:write"),
};
