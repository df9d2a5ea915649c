/** The tenants module's front door: what other modules and the server's adapters may use. */
export { tenantsPolicy } from "./tenants.policy";
export { tenantCreateSchema, tenantDeleteSchema, tenantUpdateSchema } from "./tenants.schema";
export { createTenant, deleteTenant, getTenant, listTenants, setTenantStatus, updateTenant } from "./tenants.service";
export { endSupportSession, startSupportSession } from "./support.service";
