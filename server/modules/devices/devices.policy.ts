import { AppError } from "../../errors";
import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const devicesPolicy = {
  /**
   * Refused identifiers belong to no organisation yet, so only administrators of the organisation that runs
   * the installation see and attach them; every organisation attaches its own devices by IMEI on the vehicle.
   */
  manageUnknown(p: Principal) {
    authorize(p, "vehicles:write");
    if (!p.operator) throw new AppError("FORBIDDEN", "Only the installation's administrators see unclaimed devices");
  },
  canManageUnknown: (p: Principal) => p.operator && p.permissions.has("vehicles:write"),
};
