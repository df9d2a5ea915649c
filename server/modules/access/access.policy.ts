import { AppError } from "../../errors";
import { isPermission, type Permission } from "./permissions";
import type { Principal } from "./principal";

export function can(p: Principal, permission: Permission): boolean {
  return p.permissions.has(permission);
}

/** Holds every one of a role's stored permissions (an unknown stored key is never held). */
export function holdsAll(p: Principal, permissions: readonly string[]): boolean {
  return permissions.every((perm) => isPermission(perm) && p.permissions.has(perm));
}

export function authorize(p: Principal, permission: Permission): void {
  if (!can(p, permission)) throw new AppError("FORBIDDEN", `Missing permission ${permission}`);
}

/** Refuses a record that belongs to another organisation, as if it did not exist. */
export function assertSameOrg(
  p: Principal,
  record: { org_id: string } | undefined | null,
  what = "record",
): asserts record {
  if (!record || record.org_id !== p.orgId) throw new AppError("NOT_FOUND", `${what} not found`);
}

export function canSeeTeam(p: Principal, teamId: string | null): boolean {
  if (p.teamIds === "all") return true;
  return teamId !== null && p.teamIds.includes(teamId);
}

/** Vehicle visibility: organisation, then allowed teams, then the user's specific vehicles. */
export function canSeeVehicle(p: Principal, v: { id: string; org_id: string; team_id: string | null }): boolean {
  if (v.org_id !== p.orgId) return false;
  if (!canSeeTeam(p, v.team_id)) return false;
  return p.vehicleIds === null || p.vehicleIds.includes(v.id);
}
