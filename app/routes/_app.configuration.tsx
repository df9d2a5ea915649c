import { useTranslation } from "react-i18next";
import { Form, NavLink, Outlet } from "react-router";
import { visibleSections } from "../components/configuration/sections";
import { CsrfInput } from "../components/forms";
import { requireUser } from "../lib/route-kit.server";
import type { Route } from "./+types/_app.configuration";

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requireUser(context, request);
  return { sections: visibleSections(p.permissions).map(({ key, to }) => ({ key, to })) };
}

export default function ConfigurationLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("configuration");
  return (
    <div className="config-layout">
      <nav className="config-nav" aria-label={t("nav.label")} data-testid="config-nav">
        {loaderData.sections.map((s) => (
          <NavLink key={s.key} to={s.to} data-section={s.key} className={({ isActive }) => (isActive ? "active" : undefined)}>
            {t(`nav.${s.key}`)}
          </NavLink>
        ))}
        <Form method="post" action="/logout" className="inline">
          <CsrfInput />
          <button type="submit" className="link-button" data-testid="config-logout">{t("nav.logout")}</button>
        </Form>
      </nav>
      <div className="config-content">
        <Outlet />
      </div>
    </div>
  );
}
