import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import "../components/route-planning.css";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "routePlanning:read");
  return null;
}

const TABS = [
  { to: "/route-planning/scheduled-routes/assign-routes", key: "assign" },
  { to: "/route-planning/scheduled-routes/template-routes", key: "templates" },
  { to: "/route-planning/routing-dispatch/map", key: "map" },
  { to: "/route-planning/routing-dispatch/scheduler", key: "scheduler" },
  { to: "/route-planning/attendance", key: "attendance" },
  { to: "/route-planning/settings", key: "settings" },
];

export default function RoutePlanningLayout() {
  const { t } = useTranslation("routePlanning");
  return (
    <div>
      <nav className="section-tabs" aria-label={t("title")} data-testid="route-planning-tabs">
        {TABS.map((tab) => (
          <NavLink key={tab.key} to={tab.to} className={({ isActive }) => (isActive ? "active" : undefined)}>
            {t(`tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
