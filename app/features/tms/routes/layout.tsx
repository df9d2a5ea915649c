import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import "../components/tms.css";
import { requirePermission } from "../../../lib/route-kit.server";
import { can } from "../../../lib/permissions";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "tms:read");
  return { canWrite: can(p, "tms:write") };
}

export default function TmsLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const tabs = [
    { to: "/tms/optimize/list", key: "optimize", end: true },
    { to: "/tms/orders", key: "orders", end: false },
    ...(loaderData.canWrite ? [{ to: "/tms/optimize/import", key: "import", end: false }] : []),
    { to: "/tms/dispatch", key: "dispatch", end: false },
    { to: "/tms/settings", key: "settings", end: false },
  ];
  return (
    <div>
      <nav className="section-tabs no-print" aria-label={t("title")} data-testid="tms-tabs">
        {tabs.map((tab) => (
          <NavLink
            key={tab.key}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) => (isActive ? "active" : undefined)}
          >
            {t(`tabs.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
