import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import "../components/car-sharing.css";
import { requirePermission } from "../../../lib/route-kit.server";
import { can } from "../../../lib/permissions";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "carSharing:read");
  return { canAdmin: can(p, "carSharing:admin") };
}

export default function CarSharingLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  const tabs = [
    { to: "/car-sharing/calendar", key: "calendar" },
    { to: "/car-sharing/history", key: "history" },
    ...(loaderData.canAdmin ? [{ to: "/car-sharing/settings", key: "settings" }] : []),
  ];
  return (
    <div className="car-sharing">
      <nav className="section-tabs" aria-label={t("title")} data-testid="car-sharing-tabs">
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
