import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createHttpApp } from "../../server/http/app";
import { startLive } from "../../server/modules/live";
import type { TelematicsRuntime } from "../../server/runtime";
import { attachTestLive, createTestContext, createTestOrg, type TestContext } from "./context";
import { startTestTelematics } from "./telematics";

export interface TestServer {
  url: string;
  ctx: TestContext;
  server: Server;
  /** with `telematics: true`: the gateways (ephemeral ports) and the position pipeline of this server */
  telematics: TelematicsRuntime | null;
  close(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.resolve(root, process.env.FLOTA_BUILD_DIR ?? "build");
export const buildExists = () => existsSync(path.join(buildDir, "server", "index.js"));

/**
 * The real Express app with the built web app, on a free loopback port (npm test builds first).
 * `live` serves the /live WebSocket (PostgreSQL fan-out); `telematics` also starts the gateways and pipeline.
 */
export async function startTestServer(
  opts: { config?: Record<string, string>; withWorkers?: boolean; live?: boolean; telematics?: boolean } = {},
): Promise<TestServer> {
  if (!buildExists()) throw new Error("No build: run `npm run build` (npm test does it first)");
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const ctx = createTestContext({ config: opts.config });
  ctx.buildId = build.assets.version;
  let stopWorkers = async () => {};
  if (opts.withWorkers) {
    const { startWorkers } = await import("../../jobs/workers");
    stopWorkers = await startWorkers(ctx);
  }
  const app = createHttpApp(ctx, { build, clientDir: path.join(buildDir, "client") });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const live = opts.live || opts.telematics ? startLive(await attachTestLive(ctx), server) : null;
  const telematics = opts.telematics ? await startTestTelematics(ctx, { alertRulesCheckMs: 0 }) : null;
  return {
    url: `http://127.0.0.1:${port}`,
    ctx,
    server,
    telematics,
    async close() {
      await telematics?.close();
      await live?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopWorkers();
      await ctx.close();
    },
  };
}

/** A cookie-keeping HTTP client for form posts without a browser (JavaScript-off behaviour). */
export class FormClient {
  cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (/Max-Age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(pathname: string, init: RequestInit = {}) {
    const res = await fetch(this.baseUrl + pathname, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers ?? {}), cookie: this.cookieHeader() },
    });
    this.store(res);
    return res;
  }

  /** Fetches the page for its CSRF token, then posts the form like a browser without JavaScript. */
  async post(
    pathname: string,
    fields: Record<string, string | string[]> | FormData,
    opts: { csrf?: string | null; from?: string } = {},
  ) {
    let csrf = opts.csrf;
    if (csrf === undefined) {
      const page = await this.get(opts.from ?? pathname);
      const html = await page.text();
      csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? this.cookies.get("flota_csrf") ?? null;
    }
    let body: FormData | URLSearchParams;
    if (fields instanceof FormData) {
      body = fields;
      if (csrf) body.set("_csrf", csrf);
    } else {
      body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
      if (csrf) body.set("_csrf", csrf);
    }
    const res = await fetch(this.baseUrl + pathname, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { cookie: this.cookieHeader() },
    });
    this.store(res);
    return res;
  }

  async login(email: string, password: string) {
    const res = await this.post("/login", { email, password });
    if (res.status !== 302) throw new Error(`login failed with ${res.status}`);
    return res;
  }
}

/** A test server, a new organisation (demo data when asked) and its administrator signed in through the login form. */
export async function startSignedIn(orgOptions: Parameters<typeof createTestOrg>[1] = {}) {
  const srv = await startTestServer();
  const org = await createTestOrg(srv.ctx, orgOptions);
  const admin = await signedInClient(srv, org.adminEmail, org.adminPassword);
  return { srv, org, admin };
}

/** Like startSignedIn with demo data, plus a second demo organisation the first must not see. */
export async function startSignedInBesideOther() {
  const srv = await startTestServer();
  const [org, other] = await Promise.all([
    createTestOrg(srv.ctx, { demo: true }),
    createTestOrg(srv.ctx, { demo: true }),
  ]);
  const admin = await signedInClient(srv, org.adminEmail, org.adminPassword);
  return { srv, org, other, admin };
}

/** A form client of the test server, signed in through the login form. */
export async function signedInClient(srv: TestServer, email: string, password: string): Promise<FormClient> {
  const client = new FormClient(srv.url);
  await client.login(email, password);
  return client;
}

/** A test server with a new demo organisation; the demo users sign in as `<role>@<domain>`. */
export async function startDemoServer() {
  const srv = await startTestServer();
  const org = await createTestOrg(srv.ctx, { demo: true });
  return { srv, org, domain: `${org.orgId.slice(0, 8)}.test.flota` };
}
