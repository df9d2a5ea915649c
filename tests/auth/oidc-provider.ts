import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Provider from "oidc-provider";

export const OIDC_CLIENT_ID = "flota-test";
export const OIDC_CLIENT_SECRET = "flota-test-secret-0123456789";
/** A login of this form gets email_verified: false for the e-mail after the prefix. */
export const UNVERIFIED_PREFIX = "unverified:";

/**
 * oidc-provider on a free loopback port. The issuer is known once the port is; the client
 * (whose redirect URI depends on the app's port) is registered by `configure`.
 */
export async function startOidcProvider() {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    issuer,
    configure(redirectUri: string) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: OIDC_CLIENT_ID,
            client_secret: OIDC_CLIENT_SECRET,
            redirect_uris: [redirectUri],
            token_endpoint_auth_method: "client_secret_post",
          },
        ],
        async findAccount(_ctx, sub) {
          const unverified = sub.startsWith(UNVERIFIED_PREFIX);
          const email = unverified ? sub.slice(UNVERIFIED_PREFIX.length) : sub;
          return { accountId: sub, claims: async () => ({ sub, email, email_verified: !unverified }) };
        },
        claims: { openid: ["sub"], email: ["email", "email_verified"] },
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: true } },
        pkce: { required: () => true },
        cookies: { keys: ["oidc-test-cookie-key-0123456789"] },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      });
      handler = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Plays the user at the provider's development sign-in and consent pages, following redirects
 * with the provider's cookies, until the browser would be sent to `until`.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, until: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(until)) return new URL(url);
    const res = await fetch(url, {
      method: body ? "POST" : "GET",
      body,
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair.indexOf("=");
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url).href;
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 500)}`);
    body = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) body.set(m[1], m[2]);
    if (/name="login"/.test(html)) {
      body.set("login", login);
      body.set("password", "any-password");
    }
    url = new URL(action.replace(/&amp;/g, "&"), url).href;
  }
  throw new Error("too many redirects at the provider");
}
