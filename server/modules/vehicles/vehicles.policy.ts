import { AppError } from "../../errors";
import { authorize, canSeeVehicle } from "../access/access.policy";
import type { Principal } from "../access/principal";

type VisibleVehicle = { id: string; org_id: string; team_id: string | null };

interface VehiclesPolicy {
  read(p: Principal): void;
  write(p: Principal): void;
  delete(p: Principal): void;
  see<V extends VisibleVehicle>(p: Principal, v: V | undefined | null): asserts v is V;
  assignTeam(p: Principal, teamId: string | null | undefined): void;
}

export const vehiclesPolicy: VehiclesPolicy = {
  read: (p) => authorize(p, "vehicles:read"),
  write: (p) => authorize(p, "vehicles:write"),
  delete: (p) => authorize(p, "vehicles:delete"),
  /** A vehicle outside the user's organisation, teams or vehicle list is reported as missing. */
  see(p, v) {
    if (!v || !canSeeVehicle(p, v)) throw new AppError("NOT_FOUND", "vehicle not found");
  },
  /** Moving a vehicle into a team the user cannot see would hide it from them. */
  assignTeam(p, teamId) {
    if (p.teamIds === "all") return;
    if (!teamId || !p.teamIds.includes(teamId)) throw new AppError("FORBIDDEN", "You may only assign your own teams");
  },
};
