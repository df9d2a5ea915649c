import { afterAll, beforeAll } from "vitest";
import { createTestOrg, type TestOrg } from "../support/context";
import { FormClient, startTestServer, type TestServer } from "../support/server";

export interface OrganizationsSuite {
  srv: TestServer;
  /** the installation's operator organisation */
  operator: TestOrg;
  /** an ordinary organisation with demo data */
  tenant: TestOrg;
  /** A form client signed in with the language cookie set. */
  signIn(email: string, password: string, lng?: string): Promise<FormClient>;
  auditRows(orgId: string, entity: string): ReturnType<typeof auditRowsOf>;
}

const auditRowsOf = (srv: TestServer, orgId: string, entity: string) =>
  srv.ctx.db
    .selectFrom("audit_log")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("entity_type", "=", entity)
    .orderBy("id")
    .execute();

/**
 * The administration area's form tests without JavaScript (plain form posts, as a browser with scripts off sends
 * them): a test server with the operator organisation and a tenant. The fields are set once `beforeAll` has run.
 */
export function organizationsSuite(): OrganizationsSuite {
  const s = {} as OrganizationsSuite;
  s.signIn = async (email, password, lng = "en") => {
    const c = new FormClient(s.srv.url);
    c.cookies.set("lng", lng);
    await c.login(email, password);
    return c;
  };
  s.auditRows = (orgId, entity) => auditRowsOf(s.srv, orgId, entity);
  beforeAll(async () => {
    s.srv = await startTestServer();
    [s.operator, s.tenant] = await Promise.all([
      createTestOrg(s.srv.ctx, { operator: true }),
      createTestOrg(s.srv.ctx, { demo: true }),
    ]);
  });
  afterAll(async () => s.srv?.close());
  return s;
}
