import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import { settingsLayoutLoader } from "../car-sharing-settings.server";
import type { Route } from "./+types/settings-layout";

export const loader = ({ request, context }: Route.LoaderArgs) => settingsLayoutLoader(context, request);
const TABS = ["general-settings", "vehicles", "users", "entries", "specific-rules"] as const;

export default function SettingsLayout() {
  const { t } = useTranslation("carSharing");
  return (
    <section>
      <h1>{t("settings.title")}</h1>
      <nav className="cs-tabs cs-subtabs" data-testid="settings-tabs">
        {TABS.map((key) => (
          <NavLink
            key={key}
            to={`/car-sharing/settings/${key}`}
            className={({ isActive }) => (isActive ? "active" : undefined)}
          >
            {t(`settings.tabs.${key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </section>
  );
}
