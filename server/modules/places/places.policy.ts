import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const placesPolicy = {
  read: (p: Principal) => authorize(p, "places:read"),
  write: (p: Principal) => authorize(p, "places:write"),
};
