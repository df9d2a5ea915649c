import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const immobilizationPolicy = {
  read: (p: Principal) => authorize(p, "immobilization:read"),
  command: (p: Principal) => authorize(p, "immobilization:command"),
};
