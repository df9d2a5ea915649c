import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/maintenance/routes/${file}.tsx`;

/** Maintenance (inside the signed-in frame): reminders, services, car wash, fuel, suppliers, parts, fleet costs. */
export const maintenancePages: RouteConfigEntry[] = [
  route("maintenance", page("layout"), [
    index(page("index")),
    route("reminders", page("reminders")),
    route("reminders/add", page("reminder-add")),
    route("reminders/edit/:id", page("reminder-edit")),
  ]),
];
