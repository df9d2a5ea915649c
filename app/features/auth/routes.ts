import { route, type RouteConfigEntry } from "@react-router/dev/routes";

/** Signed-out pages and the language switch; none of them needs a session. */
export const authRoutes: RouteConfigEntry[] = [
  route("login", "features/auth/routes/login.tsx"),
  route("logout", "features/auth/routes/logout.tsx"),
  route("resetPassword", "features/auth/routes/reset-password.tsx"),
  route("newPassword", "features/auth/routes/new-password.tsx"),
  route("preferences", "features/auth/routes/preferences.tsx"),
  route("auth/sso", "features/auth/routes/sso.tsx", [route("callback", "features/auth/routes/sso-callback.tsx")]),
];
