import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { formFailure } from "../../../lib/form-failure";
import { CsrfInput, FormAlert } from "../../../components/forms";
import { TileCard } from "../components/TileCard";
import { metricsAction, metricsLoader } from "../dashboard.server";
import type { Route } from "./+types/metrics";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return metricsLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return metricsAction(context, request);
}

export default function Metrics({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const { tiles, canWrite, notice } = loaderData;
  const failure = formFailure(actionData);
  return (
    <section className="stack">
      <header className="page-header">
        <div>
          <h1>{t("metrics.heading")}</h1>
          <p>{t("metrics.intro")}</p>
        </div>
        {canWrite && (
          <Link to="/dashboard/metrics/add" className="button primary" data-testid="add-tile">
            {t("metrics.add")}
          </Link>
        )}
      </header>
      <FormAlert code={failure?.code} />
      {notice && (
        <div className="alert alert-ok" role="status" data-testid="tile-notice">
          {t(`metrics.${notice}`)}
        </div>
      )}
      {tiles.length === 0 && (
        <div className="stack" data-testid="no-tiles">
          <p className="muted">{t("metrics.empty")}</p>
          {canWrite && (
            <Form method="post">
              <CsrfInput />
              <button
                type="submit"
                name="intent"
                value="starter"
                className="button primary"
                data-testid="starter-tiles"
              >
                {t("metrics.starter")}
              </button>
            </Form>
          )}
        </div>
      )}
      <ol className="tile-grid" data-testid="tiles">
        {tiles.map((tile, i) => (
          <TileCard key={tile.id} tile={tile} canWrite={canWrite} first={i === 0} last={i === tiles.length - 1} />
        ))}
      </ol>
    </section>
  );
}
