import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import "../components/places.css";
import { requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/layout";
import { can } from "../../../lib/permissions";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "places:read");
  return { canWrite: can(p, "places:write") };
}

export default function PlacesLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("places");
  const tabs = [
    { to: "/places/points", key: "points" },
    { to: "/places/geofences", key: "geofences" },
    ...(loaderData.canWrite ? [{ to: "/places/import", key: "import" }] : []),
    { to: "/places/export", key: "export" },
  ];
  return (
    <div>
      <nav className="section-tabs" aria-label={t("title")} data-testid="places-tabs">
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
