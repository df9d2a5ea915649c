import { apiLoginSchema } from "../../modules/auth";
import type { ApiFragment } from "../openapi/openapi-document";
import { apiPaths, obj, S } from "../openapi/schema-kit";

const session = obj({
  user: obj({
    id: S.uuid,
    email: S.strN,
    first_name: S.str,
    last_name: S.str,
    organization_id: S.uuid,
    role: obj({
      id: S.uuid,
      key: S.str,
      name: S.str,
      options: obj({
        redirect_urls: { type: "object", additionalProperties: { type: "string" } },
        default_language: S.enum(["al", "en"]),
      }),
    }),
  }),
  permissions: S.arr(S.str),
  teams: S.arr(obj({ id: S.uuid, name: S.str })),
});
const login = obj({
  access_token: S.str,
  token_type: S.enum(["Bearer"]),
  expires_in: { type: "integer", description: "seconds" },
  expires_at: S.dt,
  scope: S.str,
  jti: S.uuid,
  ...(session.properties as Record<string, Record<string, unknown>>),
  aye_token: { type: "string", description: "the token of the /live WebSocket" },
});

/** Sign-in for API clients and the mobile app, sign-out, and who the caller is. */
export const authApi: ApiFragment = {
  tag: "auth",
  description:
    "Sign in with e-mail and password for an access token (send it as `Authorization: Bearer <token>`), sign out, and the caller's user, permissions and teams.",
  schemas: { Session: session, Login: login },
  paths: apiPaths("auth", {
    "POST /api/auth/login": {
      security: "public",
      summary: "Sign in: an access token for the Authorization header",
      description:
        "Form fields (application/x-www-form-urlencoded, multipart/form-data or JSON): email, password, grant_type=password, web_login=true (scope web; false: scope mobile, refused with WEB_ONLY_ACCOUNT for web-only accounts). Too many wrong passwords answer RATE_LIMITED.",
      body: apiLoginSchema,
      bodyContentType: "application/x-www-form-urlencoded",
      ok: { schema: S.ref("Login") },
      errors: ["INVALID_CREDENTIALS", "WEB_ONLY_ACCOUNT", "ORGANIZATION_SUSPENDED", "RATE_LIMITED"],
    },
    "POST /api/auth/logout": { summary: "Sign out: ends the session of this token or cookie" },
    "GET /api/auth/details/admin": {
      summary: "The signed-in user, permissions and visible teams",
      ok: { schema: S.ref("Session") },
    },
  }),
};
