import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import "../components/route-planning.css";
import { requirePermission } from "../../../lib/route-kit.server";
import { JOBS_LIST_PATH, JOBS_PATH, TEMPLATES_LIST_PATH, TEMPLATES_PATH } from "../paths";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "routePlanning:read");
  return null;
}

// `section`: the tab stays marked on its add/edit/import screens, not only on the list it links to.
const TABS = [
  { to: JOBS_LIST_PATH, section: JOBS_PATH, key: "assign" },
  { to: TEMPLATES_LIST_PATH, section: TEMPLATES_PATH, key: "templates" },
  { to: "/route-planning/routing-dispatch/map", key: "map" },
  { to: "/route-planning/routing-dispatch/scheduler", key: "scheduler" },
  { to: "/route-planning/attendance", key: "attendance" },
  { to: "/route-planning/settings", key: "settings" },
];

export default function RoutePlanningLayout() {
  const { t } = useTranslation("routePlanning");
  const { pathname } = useLocation();
  return (
    <div>
      <nav className="section-tabs" aria-label={t("title")} data-testid="route-planning-tabs">
        {TABS.map((tab) => (
          <NavLink
            key={tab.key}
            to={tab.to}
            className={({ isActive }) =>
              isActive || (tab.section && pathname.startsWith(`${tab.section}/`)) ? "active" : undefined
            }
          >
            {t(`tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
