/** The teams module's front door: what other modules and the server's adapters may use. */
export { toTeamDto, toTeamListItemDto } from "./teams.mapper";
export { teamInputSchema } from "./teams.schema";
export {
  createTeam,
  deleteTeam,
  existingTeamIds,
  getTeam,
  listTeams,
  teamOptions,
  updateTeam,
  getTeamWithUsage,
} from "./teams.service";
