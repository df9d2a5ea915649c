import { useTranslation } from "react-i18next";
import { Form, Link, Outlet, useLocation } from "react-router";
import { activeSection, visibleSections } from "../components/sections";
import { CsrfInput } from "../../../components/forms";
import { requireUser } from "../../../lib/route-kit.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requireUser(context, request);
  return { sections: visibleSections(p).map(({ key, to }) => ({ key, to })) };
}

export default function ConfigurationLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("configuration");
  const active = activeSection(useLocation().pathname);
  return (
    <div className="config-layout">
      <nav className="config-nav" aria-label={t("nav.label")} data-testid="config-nav">
        {loaderData.sections.map((s) => (
          <Link
            key={s.key}
            to={s.to}
            data-section={s.key}
            className={active === s.key ? "active" : undefined}
            aria-current={active === s.key ? "page" : undefined}
          >
            {t(`nav.${s.key}`)}
          </Link>
        ))}
        <Form method="post" action="/logout" className="inline">
          <CsrfInput />
          <button type="submit" className="link-button" data-testid="config-logout">
            {t("nav.logout")}
          </button>
        </Form>
      </nav>
      <div className="config-content">
        <Outlet />
      </div>
    </div>
  );
}
