import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const organizationPolicy = {
  read: (p: Principal) => authorize(p, "organization:read"),
  write: (p: Principal) => authorize(p, "organization:write"),
  readSettings: (p: Principal) => authorize(p, "settings:read"),
  writeSettings: (p: Principal) => authorize(p, "settings:write"),
};
