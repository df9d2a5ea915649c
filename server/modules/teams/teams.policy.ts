import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const teamsPolicy = {
  list: (p: Principal) => authorize(p, "teams:read"),
  write: (p: Principal) => authorize(p, "teams:write"),
};
