/** The tms module's front door: what other modules and the server's adapters may use. */
export * as apiKeysService from "./api-keys.service";
export { authenticateApiKey, keyPrincipal, takeKeyRequest } from "./api-keys.service";
export { deliveringPdf } from "./delivering-pdf";
export { deliveringList, dispatchBoard } from "./dispatch.service";
export { myOrderStops } from "./driver-orders";
export * as integrationOrders from "./integrations.service";
export {
  checkOrdersFile,
  IMPORT_COLUMNS,
  MAX_IMPORT_BYTES,
  SAMPLE_CSV,
  saveImportedOrders,
} from "./orders.import";
export * as ordersService from "./orders.service";
export { listOrders } from "./orders.service";
export { type PlanOrder, planProblem } from "./plan-solver";
export { runPlan } from "./plans.optimize";
export * as plansService from "./plans.service";
export { deliveryView, findProof, getProof, proofPhoto, recordProof } from "./proof-of-delivery.service";
export * as settingsService from "./tms.settings";
export { DEFAULT_SETTINGS } from "./tms.settings";
export { createTmsArrivalHook } from "./tms.hooks";
export { tmsJobs } from "./tms.jobs";
export { toPlanDto } from "./tms.mapper";
export { publicTracking, type PublicTracking } from "./tracking.service";
export { tmsDeliveriesReport, tmsOrdersReport } from "./tms.reports";
export {
  fromMinutes,
  MAX_IMPORT_ROWS,
  orderFilterSchema,
  orderInputSchema,
  planFormSchema,
  settingsInputSchema,
} from "./tms.schema";
export type { UnfitOrderDetail } from "./plan-fit";
