import { authorize, can } from "../access/access.policy";
import type { Principal } from "../access/principal";

/** read: see the calendar and own bookings; write: book for oneself; admin: book for others, every booking, settings. */
export const carSharingPolicy = {
  read: (p: Principal) => authorize(p, "carSharing:read"),
  write: (p: Principal) => authorize(p, "carSharing:write"),
  admin: (p: Principal) => authorize(p, "carSharing:admin"),
  isOperator: (p: Principal) => can(p, "carSharing:admin"),
};
