/** The maintenance module's front door: what other modules and the server's adapters may use. */
export * as catalogueService from "./catalogue.service";
export { fleetCosts } from "./costs.service";
export { recordDefects } from "./defects";
export * as fuelService from "./fuel.service";
export { maintenanceJobs } from "./maintenance.jobs";
export { toFuelDto, toReminderDto, toServiceDto, type ReminderDto } from "./maintenance.mapper";
export { MAINTENANCE_REPORTS } from "./maintenance.reports";
export { costFilterSchema, recordFilterSchema, reminderFilterSchema } from "./maintenance.schema";
export * as recordsService from "./records.service";
export type { Attachment } from "./records.service";
export { readReminderNotices, reminderNotices, unreadReminderNotices } from "./reminder-inbox.service";
export * as remindersService from "./reminders.service";
export { getMaintenanceSettings, saveMaintenanceSettings } from "./maintenance.settings";
export { maintenanceEventReader } from "./reminder-events";
