import * as oidc from "openid-client";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { authRepo, issueSession, landingFor, safeLocalPath, type IssuedSession, type SessionMeta } from "../auth";
import { recordSignIn } from "../users";
import { SSO_CALLBACK_PATH, SSO_SCOPE, ssoIdentitySchema, type SsoIdentity, type SsoPending } from "./sso.schema";

const discovered = new Map<string, Promise<oidc.Configuration>>();

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

function requireOidc(ctx: AppContext) {
  const o = ctx.config.oidc;
  if (!o) throw new AppError("SSO_NOT_CONFIGURED", "Single sign-on is not configured");
  return o;
}

/** Discovers the provider once per process (per issuer and client); a failed discovery is retried next time. */
export function oidcConfiguration(ctx: AppContext): Promise<oidc.Configuration> {
  const o = requireOidc(ctx);
  const key = `${o.issuer}\n${o.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    const issuer = new URL(o.issuer);
    // Plain http is accepted only for a provider on this machine (development and tests).
    const insecure = issuer.protocol === "http:" && isLoopbackHost(issuer.hostname);
    const auth = o.clientSecret ? oidc.ClientSecretPost(o.clientSecret) : oidc.None();
    pending = oidc.discovery(
      issuer,
      o.clientId,
      undefined,
      auth,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    pending.catch(() => discovered.delete(key));
    discovered.set(key, pending);
  }
  return pending;
}

/** PUBLIC_URL when configured, else the origin the request arrived on. */
export function ssoRedirectUri(ctx: AppContext, requestOrigin: string): string {
  const base = (ctx.config.PUBLIC_URL ?? requestOrigin).replace(/\/+$/, "");
  return `${base}${SSO_CALLBACK_PATH}`;
}

/** Builds the provider's authorization URL (code flow with PKCE, state and nonce) and what to remember until the callback. */
export async function startSso(
  ctx: AppContext,
  requestOrigin: string,
  next: string | null,
): Promise<{ url: URL; pending: SsoPending }> {
  const config = await oidcConfiguration(ctx);
  const pending: SsoPending = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    redirectUri: ssoRedirectUri(ctx, requestOrigin),
    next: safeLocalPath(next),
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: pending.redirectUri,
    scope: SSO_SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: "S256",
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url, pending };
}

async function readIdentity(
  config: oidc.Configuration,
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
): Promise<SsoIdentity> {
  const claims = tokens.claims();
  if (!claims) throw new AppError("SSO_FAILED", "The provider sent no ID token");
  let source: Record<string, unknown> = claims;
  if (typeof claims.email !== "string") {
    // Some providers put the e-mail only in UserInfo; the subject must match the ID token's.
    source = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), sub: claims.sub };
  }
  const identity = ssoIdentitySchema.safeParse(source);
  if (!identity.success) throw new AppError("SSO_FAILED", "The provider sent no usable e-mail");
  const verified = identity.data.email_verified;
  if (verified === false || verified === "false")
    throw new AppError("SSO_FAILED", "The provider marks the e-mail as unverified");
  return identity.data;
}

export interface SsoSignIn {
  session: IssuedSession;
  language: "al" | "en";
  target: string;
}

/** Exchanges the authorization code, checks state, nonce and PKCE, and signs in the active user with the e-mail. */
export async function completeSso(
  ctx: AppContext,
  pending: SsoPending,
  callbackParams: URLSearchParams,
  meta: SessionMeta,
): Promise<SsoSignIn> {
  const config = await oidcConfiguration(ctx);
  const currentUrl = new URL(pending.redirectUri);
  for (const [k, v] of callbackParams) currentUrl.searchParams.append(k, v);
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: pending.verifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const identity = await readIdentity(config, tokens);
  const user = await authRepo.findUserByEmail(ctx.db, identity.email);
  if (!user || !user.active) throw new AppError("SSO_FAILED", "No active user has this e-mail");
  const session = await issueSession(ctx, user, "sso", meta);
  await recordSignIn(ctx, user.id);
  return {
    session,
    language: user.default_language,
    target: await landingFor(ctx, user, pending.next, meta.userAgent),
  };
}
