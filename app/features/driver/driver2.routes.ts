import { route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/driver/routes/${file}.tsx`;

/**
 * The vehicle check and proof of delivery (issue 27, docs/driver-app.md). To be folded into the driver app's own
 * list (app/features/driver/routes.ts): the two pages inside its layout, the photo outside any frame.
 */
export const driverTaskPages: RouteConfigEntry[] = [
  route("driver/check", page("check")),
  route("driver/orders/:id/delivery", page("delivery")),
];

export const driverTaskFiles: RouteConfigEntry[] = [route("driver/checks/:id/photos/:n", page("check-photo"))];
