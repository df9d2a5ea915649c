export {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  webhooksWithDeliveryState,
} from "./webhooks.service";
export {
  webhookApiInputSchema,
  webhookInputSchema,
  deliveryListQuerySchema,
  type WebhookInput,
} from "./webhooks.schema";
export { toDeliveryDto, toWebhookDto, toWebhookWithSecretDto } from "./webhooks.mapper";
export { dueWebhooks, runDeliveries, retryDelayMs, webhooksEventReader, FAILING_LIMIT_MS } from "./delivery";
export { checkWebhookUrl } from "./url-guard";
export { webhooksPolicy } from "./webhooks.policy";
export { webhooksJobs } from "./webhooks.jobs";
