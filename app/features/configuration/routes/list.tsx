import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { visibleSections } from "../components/sections";
import { requireUser } from "../../../lib/route-kit.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requireUser(context, request);
  return { sections: visibleSections(p).map(({ key, to }) => ({ key, to })) };
}

export default function ConfigurationList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("configuration");
  return (
    <section>
      <header className="page-header">
        <h1>{t("list.title")}</h1>
        <p className="muted">{t("list.intro")}</p>
      </header>
      <div className="grid-cards" data-testid="config-cards">
        {loaderData.sections.map((s) => (
          <Link key={s.key} to={s.to} className="card" data-section={s.key}>
            <h2>{t(`nav.${s.key}`)}</h2>
            <p className="muted">{t(`list.descriptions.${s.key}`)}</p>
          </Link>
        ))}
      </div>
    </section>
  );
}
