/** The car-sharing module's front door: what other modules and the server's adapters may use. */
export { parseBookingTime } from "./booking-rules";
export * as bookingsService from "./bookings.service";
export { calendarWeek, createBooking, listHistory } from "./bookings.service";
export { getGeneralSettings } from "./car-sharing.settings";
export { carSharingJobs } from "./car-sharing.jobs";
export { toBookingDto } from "./car-sharing.mapper";
export { carSharingUsersReport, carSharingVehiclesReport } from "./car-sharing.reports";
export { HISTORY_TABS, type HistoryTab } from "./car-sharing.schema";
