/** Web Push: what other modules use (docs/driver-app.md, "Notifications"). */
export { notifyUser, vapidKeys } from "./push.service";
export type { PushKind } from "./push.schema";
export { pushJobs } from "./push.jobs";
export * as pushService from "./push.service";
