import { AppError } from "../../errors";
import { authorize, canSeeVehicle } from "../access/access.policy";
import type { Principal } from "../access/principal";

export const vehiclesPolicy = {
  read: (p: Principal) => authorize(p, "vehicles:read"),
  write: (p: Principal) => authorize(p, "vehicles:write"),
  delete: (p: Principal) => authorize(p, "vehicles:delete"),
  /** A vehicle outside the user's organisation, teams or vehicle list is reported as missing. */
  see(p: Principal, v: { id: string; org_id: string; team_id: string | null } | undefined | null): asserts v {
    if (!v || !canSeeVehicle(p, v)) throw new AppError("NOT_FOUND", "vehicle not found");
  },
  /** Moving a vehicle into a team the user cannot see would hide it from them. */
  assignTeam(p: Principal, teamId: string | null | undefined) {
    if (p.teamIds === "all") return;
    if (!teamId || !p.teamIds.includes(teamId)) throw new AppError("FORBIDDEN", "You may only assign your own teams");
  },
};
