/** Single sign-on with an OpenID provider (docs/auth.md): what the sign-in pages use. */
export { completeSso, startSso } from "./sso.service";
export { decodePending, encodePending, SSO_COOKIE, SSO_COOKIE_MAX_AGE_SECONDS } from "./sso.schema";
