/**
 * Signing in through the API (POST /api/auth/login, the password grant), once for every test.
 * Tests of the sign-in endpoint itself (its refusals, rate limits, odd bodies) post their own requests.
 */

/** A test server, or the base URL of a Flota process started otherwise. */
export type ApiBase = string | { url: string };

export interface ApiLoginOptions {
  /**
   * The `web_login` field: true sends "true", false sends "false", a string is sent as it is
   * (left out: the field is not sent, as a phone app signs in).
   */
  webLogin?: boolean | string;
}

/** The answer of a successful sign-in. */
export interface ApiSession {
  access_token: string;
  token_type: string;
  expires_in: number;
  /** the token of the /live WebSocket */
  aye_token: string;
  user: { id: string; email?: string | null } & Record<string, unknown>;
  [key: string]: unknown;
}

const baseUrl = (base: ApiBase) => (typeof base === "string" ? base : base.url);

/** POST /api/auth/login with the password grant: the raw answer, whatever its status. */
export function apiLogin(base: ApiBase, email: string, password: string, opts: ApiLoginOptions = {}) {
  const fields: Record<string, string> = { email, password, grant_type: "password" };
  if (opts.webLogin !== undefined) fields.web_login = String(opts.webLogin);
  return fetch(`${baseUrl(base)}/api/auth/login`, { method: "POST", body: new URLSearchParams(fields) });
}

/** Signs in and answers the session body (token, user…); throws unless the sign-in succeeds. */
export async function apiSession(
  base: ApiBase,
  email: string,
  password: string,
  opts: ApiLoginOptions = {},
): Promise<ApiSession> {
  const res = await apiLogin(base, email, password, opts);
  if (res.status !== 200) throw new Error(`API sign-in of ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ApiSession;
}

/** Signs in and answers the bearer token. */
export async function apiToken(base: ApiBase, email: string, password: string, opts: ApiLoginOptions = {}) {
  return (await apiSession(base, email, password, opts)).access_token;
}

/**
 * Signs in and answers the headers of an API call: the bearer token and, unless `json: false`,
 * `content-type: application/json`.
 */
export async function bearerHeaders(
  base: ApiBase,
  email: string,
  password: string,
  opts: ApiLoginOptions & { json?: boolean } = {},
): Promise<Record<string, string>> {
  const token = await apiToken(base, email, password, opts);
  return opts.json === false
    ? { authorization: `Bearer ${token}` }
    : { authorization: `Bearer ${token}`, "content-type": "application/json" };
}
