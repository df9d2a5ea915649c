// /route-planning/routing-dispatch/settings is the same page as /route-planning/settings (one settings record, two menus).
export { action, default, loader, meta } from "./settings";
