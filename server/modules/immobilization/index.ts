/** The immobilization module's front door: what other modules and the server's adapters may use. */
export { createCommandRelay, type LocalCommands } from "./command-relay";
export { toCommandDto, toHistoryItemDto } from "./immobilization.mapper";
export { immobilizationRepo } from "./immobilization.repo";
export { immobilizationHistorySchema, immobilizationRequestSchema } from "./immobilization.schema";
export { listImmobilizationHistory, requestImmobilization } from "./immobilization.service";
