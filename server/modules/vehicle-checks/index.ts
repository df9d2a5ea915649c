/** The vehicle check (docs/driver-app.md, "Vehicle check"): what the web pages and the API use. */
export {
  checkPhotoFile,
  checkSubmissionFromForm,
  checkableVehicles,
  checklist,
  itemName,
  myChecksToday,
  recentChecks,
  saveChecklist,
  submitCheck,
  type ChecklistItem,
} from "./vehicle-checks.service";
export { MAX_CHECK_ITEMS, CHECK_PRESETS } from "./vehicle-checks.schema";
