import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/driver/routes/${file}.tsx`;

/**
 * The driver's app (docs/driver-app.md): its own frame for the phone, outside the dispatcher's signed-in frame.
 * The vehicle check (/driver/check) and proof of delivery (/driver/orders/:id/delivery) are further pages of it.
 */
export const driverPages: RouteConfigEntry[] = [
  route("driver", page("layout"), [
    index(page("home")),
    route("cars", page("cars")),
    route("check", page("check")),
    route("orders/:id/delivery", page("delivery")),
  ]),
];

/** The queue's endpoint: one action (made now or offline) answered as JSON. */
export const driverFiles: RouteConfigEntry[] = [
  route("driver/queue", page("queue")),
  // a vehicle check's photo, outside any frame
  route("driver/checks/:id/photos/:n", page("check-photo")),
];
