/**
 * Browser-side calls to /api (spec section 8): 401 → the session is gone, go to login (the server has already
 * cleared the cookie); 409 → an error notification titled with the answer's `error`, its `message` as body, and the
 * status; other failures are passed to the caller. A blob answer that carries an error is read as JSON.
 */
export interface ApiErrorBody {
  error?: string;
  message?: string;
  status?: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message ?? `HTTP ${status}`);
  }
}

export interface ApiClientOptions {
  csrfToken: string;
  notify: (n: { kind: "error"; title: string; body?: string; status: number }) => void;
  goToLogin?: () => void;
  /** The body's text in the user's language for an error code, `message` when there is none (as the pages do). */
  translate?: (code: string, message?: string) => string;
  /** For non-browser callers (tests, scripts). */
  baseUrl?: string;
  headers?: Record<string, string>;
}

export function createApiClient(opts: ApiClientOptions) {
  const goToLogin =
    opts.goToLogin ?? (() => window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname)}`));
  async function request(path: string, init: RequestInit & { json?: unknown; blob?: boolean } = {}) {
    const headers = new Headers({ ...(opts.headers ?? {}), ...Object.fromEntries(new Headers(init.headers)) });
    if (init.method && init.method !== "GET") headers.set("X-CSRF-Token", opts.csrfToken);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    const res = await fetch((opts.baseUrl ?? "") + path, { ...init, headers, body, credentials: "same-origin" });
    if (res.ok) {
      if (res.status === 204) return null;
      return init.blob ? res.blob() : res.json();
    }
    let parsed: ApiErrorBody = {};
    try {
      parsed = (await (init.blob ? res.blob().then((b) => b.text()) : res.text()).then((t) =>
        JSON.parse(t),
      )) as ApiErrorBody;
    } catch {
      parsed = {};
    }
    if (res.status === 401) {
      goToLogin();
    } else if (res.status === 409) {
      const title = parsed.error ?? "CONFLICT";
      opts.notify({
        kind: "error",
        title,
        body: opts.translate ? opts.translate(title, parsed.message) : parsed.message,
        status: res.status,
      });
    }
    throw new ApiError(res.status, parsed);
  }
  return {
    get: (path: string) => request(path),
    post: (path: string, json?: unknown) => request(path, { method: "POST", json }),
    put: (path: string, json?: unknown) => request(path, { method: "PUT", json }),
    del: (path: string, json?: unknown) => request(path, { method: "DELETE", json }),
    blob: (path: string) => request(path, { blob: true }),
  };
}
