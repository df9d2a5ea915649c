import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/maintenance/routes/${file}.tsx`;

/** Maintenance (inside the signed-in frame): reminders, services, car wash, fuel, suppliers, parts, fleet costs, settings. */
export const maintenancePages: RouteConfigEntry[] = [
  route("maintenance", page("layout"), [
    index(page("index")),
    route("reminders", page("reminders")),
    route("reminders/add", page("reminder-add")),
    route("reminders/edit/:id", page("reminder-edit")),
    route("notifications", page("notifications")),
    route("services", page("services")),
    route("services/add", page("service-add")),
    route("services/edit/:id", page("service-edit")),
    route("services/:id", page("service")),
    route("wash", page("wash")),
    route("fuel", page("fuel")),
    route("fuel/add", page("fuel-add")),
    route("fuel/import", page("fuel-import")),
    route("fuel/edit/:id", page("fuel-edit")),
    route("suppliers", page("suppliers")),
    route("suppliers/edit/:id", page("suppliers-edit")),
    route("parts", page("parts")),
    route("parts/edit/:id", page("parts-edit")),
    route("costs", page("costs")),
    route("settings", page("settings")),
    route("vehicle-check", page("vehicle-check")),
  ]),
];

/** Attachments (invoice photos and PDFs), answered outside the frame. */
export const maintenanceFiles: RouteConfigEntry[] = [
  route("maintenance/attachments/:id", page("attachment")),
  // a vehicle check's photo, for the maintenance staff (web-only accounts included)
  route("maintenance/vehicle-checks/:id/photos/:n", page("check-photo")),
];
