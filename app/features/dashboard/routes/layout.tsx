import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/layout";
import "../components/dashboard.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "dashboard:read");
  return null;
}

/** The dashboard: metrics and benchmarks as tabs over the child pages. */
export default function DashboardLayout() {
  const { t } = useTranslation("dashboard");
  const tabs = [
    { to: "/dashboard/metrics", key: "metrics" },
    { to: "/dashboard/benchmarks", key: "benchmarks" },
  ];
  return (
    <div className="dashboard">
      <nav className="section-tabs" aria-label={t("title")} data-testid="dashboard-tabs">
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
