import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { dummyPasswordHash, verifyPassword } from "../../security/passwords";
import { newToken, sha256 } from "../../security/tokens";
import { INSTALLATION_PERMISSIONS, isPermission } from "../access/permissions";
import type { Principal } from "../access/principal";
import { authRepo } from "./auth.repo";
import type { LoginInput } from "./auth.schema";

export interface SessionMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface IssuedSession {
  token: string;
  socketToken: string;
  sessionId: string;
  expiresAt: Date;
  scope: string;
}

type UserForSession = { id: string; org_id: string; web_only: boolean };

/** Checks e-mail and password with per-account and per-address limits; failures never reveal which part was wrong. */
export async function authenticate(ctx: AppContext, input: LoginInput, meta: SessionMeta) {
  const { config, db } = ctx;
  const since = new Date(Date.now() - config.LOGIN_WINDOW_MINUTES * 60_000);
  const accountKey = `acct:${input.email.toLowerCase()}`;
  const addressKey = `ip:${meta.ip ?? "unknown"}`;
  const [accountFailures, addressFailures] = await Promise.all([
    authRepo.countRecentAttempts(db, accountKey, since),
    authRepo.countRecentAttempts(db, addressKey, since),
  ]);
  if (
    accountFailures >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT ||
    addressFailures >= config.LOGIN_MAX_FAILURES_PER_ADDRESS
  ) {
    throw new AppError("RATE_LIMITED", "Too many failed sign-in attempts; try again later");
  }
  const user = await authRepo.findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.active) {
    await authRepo.recordAttempts(db, [accountKey, addressKey]);
    throw new AppError("INVALID_CREDENTIALS", "Wrong e-mail or password");
  }
  await authRepo.clearAttempts(db, accountKey);
  return user;
}

/** A support session's origin: the installation administrator and their own session, which it must not outlive. */
export interface SupportSessionOrigin {
  userId: string;
  parentSessionId: string;
  parentExpiresAt: Date;
}

/** Opens a session. A user's own sign-in also calls the users module's recordSignIn (last_login_at is theirs). */
export async function issueSession(
  ctx: AppContext,
  user: UserForSession,
  kind: "web" | "api" | "sso",
  meta: SessionMeta,
  opts: { webLogin: boolean; support?: SupportSessionOrigin } = { webLogin: true },
): Promise<IssuedSession> {
  if (user.web_only && !opts.webLogin)
    throw new AppError("WEB_ONLY_ACCOUNT", "This account may use the web application only");
  if ((await authRepo.organizationStatus(ctx.db, user.org_id)) !== "active") {
    throw new AppError(
      "ORGANIZATION_SUSPENDED",
      "This organisation is suspended; contact the installation's administrators",
    );
  }
  const ttlEnd = Date.now() + ctx.config.SESSION_TTL_HOURS * 3_600_000;
  const support = opts.support;
  const token = newToken();
  const socketToken = newToken();
  const scope = opts.webLogin ? "web" : "mobile";
  const row = await authRepo.createSession(ctx.db, {
    org_id: user.org_id,
    user_id: user.id,
    token_hash: sha256(token),
    socket_token_hash: sha256(socketToken),
    csrf_token: newToken(18),
    kind,
    scope,
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, 400) ?? null,
    expires_at: new Date(support ? Math.min(ttlEnd, support.parentExpiresAt.getTime()) : ttlEnd),
    ...(support ? { support_user_id: support.userId, support_parent_id: support.parentSessionId } : {}),
  });
  return { token, socketToken, sessionId: row.id, expiresAt: new Date(row.expires_at), scope };
}

/** A phone's browser (docs/driver-app.md, "Landing"): iOS, Android, or any user agent that calls itself mobile. */
export const isPhoneUserAgent = (ua: string | null | undefined) => /iPhone|iPod|Android|Mobile/i.test(ua ?? "");

/**
 * Where a user lands after signing in: `next` when it is a local path, else the role's login redirect; a driver on a
 * phone whose role keeps the default redirect (/manage) lands on the driver's app instead (/driver), unless the
 * account is limited to the web app (the driver's app is the phone app).
 */
export async function landingFor(
  ctx: AppContext,
  user: { role_id: string; is_driver?: boolean; web_only?: boolean },
  next?: string | null,
  userAgent?: string | null,
): Promise<string> {
  const local = safeLocalPath(next);
  if (local) return local;
  const role = await authRepo.findRoleOptions(ctx.db, user.role_id);
  const target = loginRedirect({ role: { id: user.role_id, key: role.key, name: "", options: role.options } });
  const driver = user.is_driver || role.key === "driver";
  if (target === "/manage" && driver && !user.web_only && isPhoneUserAgent(userAgent)) return "/driver";
  return target;
}

export function loadPrincipal(ctx: AppContext, token: string | null | undefined): Promise<Principal | null> {
  return principalOf(ctx, token, "token_hash");
}

/** The principal of the session whose socket token (the login answer's aye_token) this is. */
export function loadPrincipalBySocketToken(
  ctx: AppContext,
  socketToken: string | null | undefined,
): Promise<Principal | null> {
  return principalOf(ctx, socketToken, "socket_token_hash");
}

async function principalOf(
  ctx: AppContext,
  token: string | null | undefined,
  column: "token_hash" | "socket_token_hash",
): Promise<Principal | null> {
  if (!token) return null;
  const row = await authRepo.findSessionByTokenHash(ctx.db, sha256(token), column);
  if (!row) return null;
  // Installation permissions are not role permissions (isPermission refuses them): only the operator organisation's
  // administrators hold them, and never in a support session.
  const installation = row.is_operator && row.role_key === "administrator" && !row.support_user_id;
  return principalFromUser(
    ctx,
    row,
    {
      sessionId: row.session_id,
      csrfToken: row.csrf_token,
      expiresAt: new Date(row.expires_at),
      support: row.support_user_id
        ? {
            userId: row.support_user_id,
            name: `${row.support_first_name ?? ""} ${row.support_last_name ?? ""}`.trim(),
            orgName: row.org_name,
          }
        : null,
    },
    installation,
  );
}

type UserRow = NonNullable<Awaited<ReturnType<typeof authRepo.findActiveUserForPrincipal>>>;
type SessionPart = Pick<Principal, "sessionId" | "csrfToken" | "expiresAt" | "support">;

/** The Principal of a user row (with role and organisation) and the session it acts in. */
async function principalFromUser(
  ctx: AppContext,
  row: UserRow,
  session: SessionPart,
  installation: boolean,
): Promise<Principal> {
  const permissions = new Set(row.permissions.filter(isPermission));
  if (installation) for (const perm of INSTALLATION_PERMISSIONS) permissions.add(perm);
  const vehicleIds =
    row.vehicle_access === "selected"
      ? (await authRepo.listUserVehicleIds(ctx.db, row.user_id)).map((r) => r.vehicle_id)
      : null;
  return {
    ...session,
    orgId: row.org_id,
    operator: row.is_operator,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    language: row.default_language,
    webOnly: row.web_only,
    navCollapsed: row.nav_collapsed,
    role: { id: row.role_id, key: row.role_key, name: row.role_name, options: row.options ?? {} },
    permissions,
    teamIds: permissions.has("fleet:allTeams") ? "all" : row.team_id ? [row.team_id] : [],
    vehicleIds,
  };
}

/**
 * The principal of a user acting without a session: a scheduled report runs as the user who scheduled it, with
 * what that user may see today (never installation permissions); null when the user is gone or inactive.
 */
export async function principalForUser(ctx: AppContext, userId: string): Promise<Principal | null> {
  const row = await authRepo.findActiveUserForPrincipal(ctx.db, userId);
  if (!row) return null;
  return principalFromUser(
    ctx,
    row,
    { sessionId: "", csrfToken: "", expiresAt: new Date(Date.now() + 3600_000), support: null },
    false,
  );
}

export async function endSession(ctx: AppContext, token: string | null | undefined): Promise<void> {
  if (token) await authRepo.deleteSessionByTokenHash(ctx.db, sha256(token));
}

/** The body of the login and details answers (spec section 7). */
export async function describeSession(ctx: AppContext, p: Principal, issued?: IssuedSession) {
  const teams = await authRepo.listTeams(ctx.db, p.orgId);
  const visibleTeams =
    p.teamIds === "all" ? teams : teams.filter((t) => (p.teamIds as readonly string[]).includes(t.id));
  const body = {
    user: {
      id: p.userId,
      email: p.email,
      first_name: p.firstName,
      last_name: p.lastName,
      organization_id: p.orgId,
      role: {
        id: p.role.id,
        key: p.role.key,
        name: p.role.name,
        options: {
          redirect_urls: p.role.options.redirect_urls ?? {},
          default_language: p.language,
        },
      },
    },
    permissions: [...p.permissions].sort(),
    teams: visibleTeams,
  };
  if (!issued) return body;
  return {
    access_token: issued.token,
    token_type: "Bearer",
    expires_in: Math.max(0, Math.round((issued.expiresAt.getTime() - Date.now()) / 1000)),
    expires_at: issued.expiresAt.toISOString(),
    scope: issued.scope,
    jti: issued.sessionId,
    ...body,
    aye_token: issued.socketToken,
  };
}

/** The landing route after sign-in: the role's login redirect when it is a local path, else /manage. */
export function loginRedirect(p: Pick<Principal, "role">): string {
  return safeLocalPath(p.role.options.redirect_urls?.login) ?? "/manage";
}

/** Where an area's index sends the user: the role's redirect_urls.<area> when it is a local path, else the area's default. */
export function areaRedirect(p: Pick<Principal, "role">, area: "analytics" | "maintenance", fallback: string): string {
  return safeLocalPath(p.role.options.redirect_urls?.[area]) ?? fallback;
}

export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  return value;
}

/** Signs a user out everywhere (password changed, account deactivated), or everywhere but `exceptSessionId`. */
export async function endUserSessions(ctx: AppContext, userId: string, exceptSessionId?: string): Promise<void> {
  await authRepo.deleteUserSessions(ctx.db, userId, exceptSessionId);
}
