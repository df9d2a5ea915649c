/** The auth module's front door: what other modules and the server's adapters may use. */
export { authRepo } from "./auth.repo";
export { apiLoginSchema, loginSchema } from "./auth.schema";
export {
  areaRedirect,
  authenticate,
  describeSession,
  endSession,
  endUserSessions,
  type IssuedSession,
  issueSession,
  landingFor,
  loadPrincipal,
  loadPrincipalBySocketToken,
  principalForUser,
  safeLocalPath,
  type SessionMeta,
  loginRedirect,
} from "./auth.service";
export type { LoginInput } from "./auth.schema";
