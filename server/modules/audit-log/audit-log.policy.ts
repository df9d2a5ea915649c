import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const auditLogPolicy = {
  /** the audit log screen, /api/audit-log and its CSV export: the organisation's administrators */
  read: (p: Principal) => authorize(p, "audit:read"),
};
