import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const videoPolicy = {
  read: (p: Principal) => authorize(p, "video:read"),
  request: (p: Principal) => authorize(p, "video:request"),
};
