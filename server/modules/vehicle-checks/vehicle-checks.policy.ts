import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

/**
 * The checklist is part of the maintenance settings (maintenance:write edits it); every signed-in user may check a
 * vehicle they drive or see, and the maintenance staff (maintenance:read) see the checks and their photos.
 */
export const vehicleChecksPolicy = {
  editChecklist: (p: Principal) => authorize(p, "maintenance:write"),
  readChecks: (p: Principal) => authorize(p, "maintenance:read"),
};
