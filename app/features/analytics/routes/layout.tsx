import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { requirePermission } from "../../../lib/route-kit.server";
import { can } from "../../../lib/permissions";
import "../../../styles/reports.css";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "analytics:read");
  return { canWrite: can(p, "analytics:write") };
}

/** The analytics section: reports, archived reports and notifications as tabs over the child pages. */
export default function AnalyticsLayout() {
  const { t } = useTranslation("analytics");
  const tabs = [
    { to: "/analytics/reports/list", key: "reports" },
    { to: "/analytics/archive", key: "archive" },
    { to: "/analytics/notifications", key: "notifications" },
  ];
  return (
    <div className="analytics">
      <nav className="section-tabs" aria-label={t("title")} data-testid="analytics-tabs">
        {tabs.map((tab) => (
          <NavLink key={tab.key} to={tab.to} className={({ isActive }) => (isActive ? "active" : undefined)}>
            {t(`tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
