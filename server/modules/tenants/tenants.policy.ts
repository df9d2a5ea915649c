import { authorize } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const tenantsPolicy = {
  /** The installation's administration area: administrators of the operator organisation only. */
  admin: (p: Principal) => authorize(p, "installation:admin"),
};
