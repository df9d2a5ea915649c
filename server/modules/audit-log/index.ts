/** The audit-log module's front door: what other modules and the server's adapters may use. */
export { auditAuthors, exportAuditCsv, listAuditLog, localTime } from "./audit-log.service";
