import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import { canSeeTeam } from "../access/access.policy";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { pickSort, toPage, type ListQuery } from "../shared/listing";
import { mapPage } from "../shared/mapping";
import { toTeamDto, toTeamListItemDto } from "./teams.mapper";
import { teamsPolicy } from "./teams.policy";
import { teamsRepo, type TeamSort } from "./teams.repo";
import type { TeamInput } from "./teams.schema";

function mapNameTaken(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  if (e?.code === "23505" && e.constraint === "teams_org_name")
    throw new AppError("TEAM_NAME_TAKEN", "A team with this name exists", { field: "name" });
  throw err;
}

export async function listTeams(ctx: AppContext, p: Principal, q: ListQuery) {
  teamsPolicy.list(p);
  const sort = pickSort<TeamSort>(q.sort, ["name", "vehicles", "members"], "name");
  const { items, total } = await teamsRepo.list(ctx.db, p.orgId, p.teamIds, q, sort);
  return mapPage(toPage(items, total, q), toTeamListItemDto);
}

/** Teams the user may pick in forms. */
export async function teamOptions(ctx: AppContext, p: Principal) {
  const all = await teamsRepo.listAll(ctx.db, p.orgId);
  return all.filter((t) => canSeeTeam(p, t.id));
}

/** Which of the ids are teams of the organisation (other modules check references with it). */
export function existingTeamIds(ctx: AppContext, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  return teamsRepo.existingIds(ctx.db, orgId, ids);
}

async function visibleTeam(ctx: AppContext, p: Principal, id: string) {
  teamsPolicy.list(p);
  const team = await teamsRepo.findById(ctx.db, p.orgId, id);
  if (!team || !canSeeTeam(p, team.id)) throw notFound("team");
  return team;
}

export async function getTeam(ctx: AppContext, p: Principal, id: string) {
  return toTeamDto(await visibleTeam(ctx, p, id));
}

export async function getTeamWithUsage(ctx: AppContext, p: Principal, id: string) {
  const team = await getTeam(ctx, p, id);
  return { ...team, usage: await teamsRepo.usage(ctx.db, p.orgId, id) };
}

export async function createTeam(ctx: AppContext, p: Principal, input: TeamInput) {
  teamsPolicy.write(p);
  if (await teamsRepo.nameExists(ctx.db, p.orgId, input.name))
    throw new AppError("TEAM_NAME_TAKEN", "A team with this name exists", { field: "name" });
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const team = await teamsRepo.insert(trx, p.orgId, { name: input.name, description: input.description ?? null });
      await audit.record(trx, p, { entity: "team", id: team.id, action: "create", after: team });
      return toTeamDto(team);
    })
    .catch(mapNameTaken);
}

export async function updateTeam(ctx: AppContext, p: Principal, id: string, input: TeamInput) {
  teamsPolicy.write(p);
  const before = await visibleTeam(ctx, p, id);
  if (await teamsRepo.nameExists(ctx.db, p.orgId, input.name, id))
    throw new AppError("TEAM_NAME_TAKEN", "A team with this name exists", { field: "name" });
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const team = await teamsRepo.update(trx, p.orgId, id, {
        name: input.name,
        description: input.description ?? null,
      });
      if (!team) throw notFound("team");
      await audit.record(trx, p, { entity: "team", id, action: "update", before, after: team });
      return toTeamDto(team);
    })
    .catch(mapNameTaken);
}

/** A team that still holds vehicles or members is kept: deleting it would silently hide them from team-limited users. */
export async function deleteTeam(ctx: AppContext, p: Principal, id: string) {
  teamsPolicy.write(p);
  const before = await visibleTeam(ctx, p, id);
  const usage = await teamsRepo.usage(ctx.db, p.orgId, id);
  if (usage.vehicles || usage.members)
    throw new AppError("TEAM_IN_USE", "The team still has members or vehicles", usage);
  await ctx.db.transaction().execute(async (trx) => {
    await teamsRepo.delete(trx, p.orgId, id);
    await audit.record(trx, p, { entity: "team", id, action: "delete", before });
  });
}
