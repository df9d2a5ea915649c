import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const tmsPolicy = {
  read: (p: Principal) => authorize(p, "tms:read"),
  write: (p: Principal) => authorize(p, "tms:write"),
  /** integration API keys and the TMS settings belong to administrators of the organisation */
  admin: (p: Principal) => authorize(p, "settings:write"),
};
