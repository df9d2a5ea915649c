import { DEFAULT_ADMIN_PASSWORD } from "../../config";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { hashPassword, verifyPassword } from "../../security/passwords";
import { canSeeTeam, holdsAll } from "../access/access.policy";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { visibleVehicleIds } from "../access/vehicle-scope";
import { endUserSessions } from "../auth";
import { pickSort, toPage, type ListQuery } from "../shared/listing";
import { mapPage } from "../shared/mapping";
import { existingTeamIds } from "../teams";
import { toPersonDto, toPersonListItemDto } from "./users.mapper";
import { usersPolicy, type PeopleArea } from "./users.policy";
import { usersRepo, type UserSort } from "./users.repo";
import type { z } from "zod";
import type { PersonInput, passwordChangeSchema, profileInputSchema } from "./users.schema";

const entityOf = (area: PeopleArea) => (area === "drivers" ? "driver" : "user");

export async function listPeople(ctx: AppContext, p: Principal, area: PeopleArea, q: ListQuery) {
  usersPolicy.read(p, area);
  const sort = pickSort<UserSort>(
    q.sort,
    ["name", "email", "role", "team", "lastLogin", "phone", "personalNumber", "vehicle"],
    "name",
  );
  const { items, total } = await usersRepo.list(ctx.db, p.orgId, p.teamIds, q, sort, {
    driversOnly: area === "drivers",
  });
  return mapPage(toPage(items, total, q), toPersonListItemDto);
}

export async function getPerson(ctx: AppContext, p: Principal, area: PeopleArea, id: string) {
  return toPersonDto(await visiblePerson(ctx, p, area, id));
}

async function visiblePerson(ctx: AppContext, p: Principal, area: PeopleArea, id: string) {
  usersPolicy.read(p, area);
  const u = await usersRepo.findById(ctx.db, p.orgId, id);
  if (!u || (u.team_id !== null && !canSeeTeam(p, u.team_id)) || (p.teamIds !== "all" && u.team_id === null))
    throw notFound("user");
  if (area === "drivers" && !u.is_driver) throw notFound("driver");
  const vehicle_ids = await usersRepo.listVehicleIds(ctx.db, id);
  return { ...u, vehicle_ids };
}

/** Roles the user may give; `currentRoleId` is kept in the list so an edit form shows the person's role as it is. */
export async function roleOptions(ctx: AppContext, p: Principal, currentRoleId?: string) {
  const roles = await usersRepo.listRoles(ctx.db, p.orgId);
  return roles.filter((r) => r.id === currentRoleId || holdsAll(p, r.permissions));
}

async function checkPerson(ctx: AppContext, p: Principal, input: PersonInput, exceptId?: string) {
  const role = await usersRepo.findRole(ctx.db, p.orgId, input.role_id);
  if (!role) throw new AppError("VALIDATION", "Unknown role", { field: "role_id" });
  usersPolicy.assignRole(p, role);
  if (input.team_id) {
    if (!(await existingTeamIds(ctx, p.orgId, [input.team_id])).size)
      throw new AppError("VALIDATION", "Unknown team", { field: "team_id" });
  }
  usersPolicy.assignTeam(p, input.team_id);
  if (input.email && (await usersRepo.emailTaken(ctx.db, input.email, exceptId))) {
    throw new AppError("EMAIL_TAKEN", "This e-mail is used by another account", { field: "email" });
  }
  if (input.password && !input.email)
    throw new AppError("VALIDATION", "A user who signs in needs an e-mail", { field: "email" });
  if (input.vehicle_access === "selected") {
    const visible = await visibleVehicleIds(ctx.db, p, input.vehicle_ids);
    if (!input.vehicle_ids.every((id) => visible.has(id)))
      throw new AppError("VALIDATION", "Unknown vehicle", { field: "vehicle_ids" });
  }
  return role;
}

export async function createPerson(ctx: AppContext, p: Principal, area: PeopleArea, input: PersonInput) {
  usersPolicy.write(p, area);
  await checkPerson(ctx, p, input);
  const password_hash = input.password ? await hashPassword(input.password) : null;
  const { vehicle_ids, password: _pw, ...fields } = input;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await usersRepo.insert(trx, {
      ...fields,
      is_driver: area === "drivers" ? true : fields.is_driver,
      org_id: p.orgId,
      password_hash,
    });
    await usersRepo.replaceVehicles(trx, p.orgId, row.id, input.vehicle_access === "selected" ? vehicle_ids : []);
    await audit.record(trx, p, {
      entity: entityOf(area),
      id: row.id,
      action: "create",
      after: { ...row, vehicle_ids: input.vehicle_access === "selected" ? vehicle_ids : [] },
    });
    return row;
  });
}

/** How a person signs in: managed on the users screens only, so the drivers area never changes it. */
const SIGN_IN_FIELDS = ["web_only", "vehicle_access", "vehicle_ids", "default_language", "active"] as const;

/**
 * Saves a person. Through the drivers area (screen or /api/drivers) the sign-in settings stay as stored, whatever
 * the body says or leaves out: the drivers screen does not show them, and a partial API body must not reset them.
 */
export async function updatePerson(
  ctx: AppContext,
  p: Principal,
  area: PeopleArea,
  id: string,
  submitted: PersonInput,
) {
  usersPolicy.write(p, area);
  const current = await visiblePerson(ctx, p, area, id);
  const input: PersonInput = area === "drivers" ? { ...submitted, ...pick(current, SIGN_IN_FIELDS) } : submitted;
  const role = await checkPerson(ctx, p, input, id);
  if (current.id === p.userId && (!input.active || role.id !== current.role_id)) {
    throw new AppError("CONFLICT", "You cannot deactivate yourself or change your own role");
  }
  if (role.key !== "administrator" || !input.active) {
    const wasAdmin = (await usersRepo.findRole(ctx.db, p.orgId, current.role_id))?.key === "administrator";
    if (wasAdmin && (await usersRepo.countActiveAdmins(ctx.db, p.orgId, id)) === 0) {
      throw new AppError("LAST_ADMIN", "The organisation needs at least one active administrator");
    }
  }
  const { vehicle_ids, password, ...fields } = input;
  // Vehicles the editor cannot see are not in the form; keep them rather than silently removing them.
  const visible = await visibleVehicleIds(ctx.db, p, current.vehicle_ids);
  const hiddenKept = current.vehicle_ids.filter((v) => !visible.has(v));
  await ctx.db.transaction().execute(async (trx) => {
    await usersRepo.update(trx, p.orgId, id, {
      ...fields,
      ...(password ? { password_hash: await hashPassword(password) } : {}),
    });
    const kept = input.vehicle_access === "selected" ? [...new Set([...vehicle_ids, ...hiddenKept])] : [];
    await usersRepo.replaceVehicles(trx, p.orgId, id, kept);
    await audit.record(trx, p, {
      entity: entityOf(area),
      id,
      action: "update",
      before: current,
      after: { ...current, ...fields, vehicle_ids: kept, ...(password ? { password_changed: true } : {}) },
    });
  });
  if (password || !input.active) await endUserSessions(ctx, id);
}

function pick<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;
}

export async function deletePerson(ctx: AppContext, p: Principal, area: PeopleArea, id: string) {
  usersPolicy.delete(p, area);
  usersPolicy.notSelf(p, id);
  const current = await visiblePerson(ctx, p, area, id);
  const role = await usersRepo.findRole(ctx.db, p.orgId, current.role_id);
  if (role?.key === "administrator" && (await usersRepo.countActiveAdmins(ctx.db, p.orgId, id)) === 0) {
    throw new AppError("LAST_ADMIN", "The organisation needs at least one active administrator");
  }
  await ctx.db.transaction().execute(async (trx) => {
    await usersRepo.delete(trx, p.orgId, id);
    await audit.record(trx, p, { entity: entityOf(area), id, action: "delete", before: current });
  });
}

// Profile: the signed-in user's own record; needs no module permission.

export async function getProfile(ctx: AppContext, p: Principal) {
  return toPersonDto(await ownRecord(ctx, p));
}

async function ownRecord(ctx: AppContext, p: Principal) {
  const u = await usersRepo.findById(ctx.db, p.orgId, p.userId);
  if (!u) throw notFound("user");
  return u;
}

export async function updateProfile(ctx: AppContext, p: Principal, input: z.infer<typeof profileInputSchema>) {
  const before = await ownRecord(ctx, p);
  await ctx.db.transaction().execute(async (trx) => {
    await usersRepo.update(trx, p.orgId, p.userId, input);
    await audit.record(trx, p, {
      entity: "user",
      id: p.userId,
      action: "update",
      before,
      after: { ...before, ...input },
    });
  });
}

/** Folds the user's side navigation to icons or opens it again (a display choice: not audited). */
/** A user's own sign-in (form, API or SSO; not a support session) is their last login. */
export async function recordSignIn(ctx: AppContext, userId: string): Promise<void> {
  await usersRepo.touchLastLogin(ctx.db, userId);
}

export function setNavCollapsed(ctx: AppContext, p: Principal, collapsed: boolean) {
  return usersRepo.setNavCollapsed(ctx.db, p.orgId, p.userId, collapsed);
}

export async function changePassword(ctx: AppContext, p: Principal, input: z.infer<typeof passwordChangeSchema>) {
  // A support session works as the administrator but does not take over their account.
  if (p.support) throw new AppError("FORBIDDEN", "The password cannot be changed in a support session");
  const row = await usersRepo.findPasswordHash(ctx.db, p.orgId, p.userId);
  if (!(await verifyPassword(input.current_password, row?.password_hash))) {
    throw new AppError("CURRENT_PASSWORD_WRONG", "The current password is wrong", { field: "current_password" });
  }
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction().execute(async (trx) => {
    await usersRepo.update(trx, p.orgId, p.userId, { password_hash: passwordHash });
    await audit.record(trx, p, { entity: "user", id: p.userId, action: "change_password" });
  });
  // Other sessions of this user end; this one stays.
  await endUserSessions(ctx, p.userId, p.sessionId);
}

// Lookups for other modules (vehicles, alerts), so they need not read the users table themselves.

/** Drivers the user may assign: drivers in the teams the user can see, plus `keepId` (the current driver). */
export function assignableDrivers(ctx: AppContext, p: Principal, keepId: string | null = null) {
  return usersRepo.listDrivers(ctx.db, p.orgId, p.teamIds, keepId);
}

/** A person of the organisation with their team, or undefined. */
export function findPersonTeam(ctx: AppContext, orgId: string, id: string) {
  return usersRepo.findTeam(ctx.db, orgId, id);
}

/** Active people with an e-mail address (alert recipients). */
export function peopleWithEmail(ctx: AppContext, orgId: string) {
  return usersRepo.listWithEmail(ctx.db, orgId);
}

/** Which of the ids are people of the organisation. */
export function existingUserIds(ctx: AppContext, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  return usersRepo.existingIds(ctx.db, orgId, ids);
}

/** True while the signed-in user still signs in with the default administrator password. */
export async function usesDefaultPassword(ctx: AppContext, p: Principal) {
  const row = await usersRepo.findPasswordHash(ctx.db, p.orgId, p.userId);
  return verifyPassword(DEFAULT_ADMIN_PASSWORD, row?.password_hash);
}
