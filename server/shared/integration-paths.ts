/**
 * Spec section 2: the integrations routes are the paths starting /int. They are public (no token, no login
 * redirect, no mobile banner). "Starting /int" is taken literally, so /int, /int/… and also /intXYZ count:
 * an unknown one is a public "not found", never a redirect to /manage and login.
 */
export const INTEGRATION_PREFIX = "/int";

export const isIntegrationPath = (pathname: string) => pathname.startsWith(INTEGRATION_PREFIX);
