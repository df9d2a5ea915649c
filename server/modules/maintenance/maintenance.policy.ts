import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const maintenancePolicy = {
  read: (p: Principal) => authorize(p, "maintenance:read"),
  write: (p: Principal) => authorize(p, "maintenance:write"),
};
