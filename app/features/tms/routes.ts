import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";

const page = (file: string) => `features/tms/routes/${file}.tsx`;

/** Transport management (spec section 2: /tms optimize, dispatch, settings; orders and the delivering list added). */
export const tmsPages: RouteConfigEntry[] = [
  route("tms", page("layout"), [
    index(page("index")),
    route("optimize", page("optimize-index")),
    route("optimize/list", page("optimize")),
    route("optimize/add", page("optimize-add")),
    route("optimize/edit/:id", page("optimize-edit")),
    route("optimize/import", page("optimize-import")),
    route("orders", page("orders")),
    route("orders/add", page("order-add")),
    route("orders/edit/:id", page("order-edit")),
    route("orders/:id", page("order-view")),
    route("dispatch", page("dispatch")),
    route("delivering/:id/:vehicleId", page("delivering")),
    route("settings", page("settings")),
  ]),
];

/** Downloads: the driver's delivering list as PDF and the import sample. */
export const tmsFiles: RouteConfigEntry[] = [
  route("tms/delivering/:id/:vehicleId/pdf", page("delivering-pdf")),
  route("tms/optimize/import/sample.csv", page("import-sample")),
  route("tms/orders/:id/proof-of-delivery/photo", page("proof-photo")),
];
