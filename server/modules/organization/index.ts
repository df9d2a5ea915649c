/** The organization module's front door: what other modules and the server's adapters may use. */
export { organizationRepo } from "./organization.repo";
export { organizationInputSchema, settingsInputSchema } from "./organization.schema";
export {
  fieldRules,
  getOrganization,
  getSettings,
  knownTimeZone,
  orgName,
  orgTimeZone,
  orgToday,
  saveFieldRules,
  updateOrganization,
  updateSettings,
  supportContact,
} from "./organization.service";
