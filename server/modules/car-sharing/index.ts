/** The car-sharing module's front door: what other modules and the server's adapters may use. */
export { parseBookingTime, heldUntil } from "./booking-rules";
export * as bookingsService from "./bookings.service";
export { calendarWeek, createBooking, listHistory } from "./bookings.service";
export * as carSharingSettings from "./car-sharing.settings";
export { getGeneralSettings, listEntries } from "./car-sharing.settings";
export { carSharingJobs } from "./car-sharing.jobs";
export { toBookingDto } from "./car-sharing.mapper";
export { carSharingUsersReport, carSharingVehiclesReport } from "./car-sharing.reports";
export { BOOKING_TYPES, HISTORY_TABS, type HistoryTab, OTHER_PURPOSE } from "./car-sharing.schema";
export { listPeopleOptions } from "./car-sharing-people";
export type { BookingFields } from "./car-sharing.schema";
export { bookingsCsv } from "./car-sharing.export";
