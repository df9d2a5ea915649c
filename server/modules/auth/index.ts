/** The auth module's front door: what other modules and the server's adapters may use. */
export { authRepo } from "./auth.repo";
export { apiLoginSchema } from "./auth.schema";
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
} from "./auth.service";
