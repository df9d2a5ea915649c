import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/car-sharing/routes/${file}.tsx`;

/** Car sharing (inside the signed-in frame); paths the spec does not show are in docs/car-sharing.md. */
export const carSharingPages: RouteConfigEntry[] = [
  route("car-sharing", page("layout"), [
    index(page("index")),
    route("calendar", page("calendar")),
    route("calendar/day", page("calendar-day")),
    route("bookings/new", page("booking-new")),
    route("bookings/:id", page("booking")),
    route("bookings/:id/edit", page("booking-edit")),
    route("history", page("history")),
    route("settings", page("settings-layout"), [
      index(page("settings-index")),
      route("general-settings", page("settings-general")),
      route("vehicles", page("settings-vehicles")),
      route("users", page("settings-users")),
      route("entries", page("settings-entries")),
      route("specific-rules", page("settings-rules")),
    ]),
  ]),
];

/** The history's CSV export. */
export const carSharingFiles: RouteConfigEntry[] = [route("car-sharing/history.csv", page("history-csv"))];
