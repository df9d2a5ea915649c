import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import "../components/policies/policies.css";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/layout";
import { can } from "../../../lib/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  // Every tab (log, overview, policies) needs alerts:read; adding, editing and deleting policies need alerts:write.
  const p = requirePermission(context, request, "alerts:read");
  return { canWrite: can(p, "alerts:write") };
}

/** The alerts section: log, overview and policies as tabs over the child pages. */
export default function AlertsLayout() {
  const { t } = useTranslation("alerts");
  const tabs = [
    { to: "/alerts/log", key: "log" },
    { to: "/alerts/overview", key: "overview" },
    { to: "/alerts/policies", key: "policies" },
  ];
  return (
    <div>
      <nav className="section-tabs" aria-label={t("title")} data-testid="alerts-tabs">
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
