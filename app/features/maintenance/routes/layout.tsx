import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import "../components/maintenance.css";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(context, request, "maintenance:read");
  return null;
}

export const MAINTENANCE_TABS = [
  "reminders",
  "services",
  "wash",
  "fuel",
  "suppliers",
  "parts",
  "costs",
  "notifications",
  "vehicle-check",
  "settings",
] as const;

/** The maintenance section: its screens as tabs over the child pages. */
export default function MaintenanceLayout() {
  const { t } = useTranslation("maintenance");
  return (
    <div className="maintenance">
      <nav className="section-tabs" aria-label={t("title")} data-testid="maintenance-tabs">
        {MAINTENANCE_TABS.map((key) => (
          <NavLink key={key} to={`/maintenance/${key}`} className={({ isActive }) => (isActive ? "active" : undefined)}>
            {t(`tabs.${key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
