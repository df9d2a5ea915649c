/** The users module's front door: what other modules and the server's adapters may use. */
export { toPersonDto, toPersonListItemDto } from "./users.mapper";
export type { PeopleArea } from "./users.policy";
export { userSql, usersRepo } from "./users.repo";
export {
  MIN_PASSWORD,
  passwordChangeSchema,
  personInputSchema,
  profileInputSchema,
  userInputSchema,
} from "./users.schema";
export * as usersService from "./users.service";
export {
  assignableDrivers,
  existingUserIds,
  findPersonTeam,
  listPeople,
  peopleWithEmail,
  recordSignIn,
  createPerson,
  deletePerson,
  getPerson,
  roleOptions,
  updatePerson,
  setNavCollapsed,
  changePassword,
  getProfile,
  updateProfile,
  usesDefaultPassword,
} from "./users.service";
export { usersPolicy } from "./users.policy";
