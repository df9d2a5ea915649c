/** The audit module's front door: what other modules and the server's adapters may use. */
export { AUDIT_ACTIONS, AUDIT_ENTITIES, auditFilterSchema } from "./audit.schema";
export { audit } from "./audit.service";
export { toAuditDto, type AuditDto } from "./audit.mapper";
export type { AuditFilter } from "./audit.schema";
export type { AuditQuery } from "./audit.repo";
