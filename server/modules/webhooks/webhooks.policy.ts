import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

/**
 * Webhooks send the organisation's data to another system and hold its secrets: organisation administrators
 * only (settings:write, which the administrator role alone holds among the system roles).
 */
export const webhooksPolicy = {
  manage: (p: Principal) => authorize(p, "settings:write"),
};
