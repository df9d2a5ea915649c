import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

/** Forwarding sends the organisation's whole fleet's positions elsewhere: its administrators decide (organization:write). */
export const forwardingPolicy = {
  manage: (p: Principal) => authorize(p, "organization:write"),
};
