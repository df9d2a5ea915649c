import { AppError } from "../../errors";
import { authorize, can, holdsAll } from "../access/access.policy";
import type { Principal } from "../access/principal";

export type PeopleArea = "users" | "drivers";

export const usersPolicy = {
  read: (p: Principal, area: PeopleArea) => authorize(p, `${area}:read`),
  write: (p: Principal, area: PeopleArea) => authorize(p, `${area}:write`),
  delete: (p: Principal, area: PeopleArea) => authorize(p, `${area}:delete`),
  /** Nobody hands out permissions they do not hold themselves. */
  assignRole(p: Principal, role: { permissions: string[] }) {
    if (!holdsAll(p, role.permissions)) {
      throw new AppError("FORBIDDEN", "You cannot give a role with more rights than your own", { field: "role_id" });
    }
  },
  assignTeam(p: Principal, teamId: string | null | undefined) {
    if (p.teamIds === "all" || !teamId) return;
    if (!p.teamIds.includes(teamId))
      throw new AppError("FORBIDDEN", "You may only assign your own teams", { field: "team_id" });
  },
  /** What the edit page offers: delete needs the permission, and nobody removes their own account. */
  mayDelete: (p: Principal, area: PeopleArea, userId: string) => can(p, `${area}:delete`) && p.userId !== userId,
  notSelf(p: Principal, userId: string) {
    if (p.userId === userId) throw new AppError("CONFLICT", "You cannot remove your own account");
  },
};
