import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../lib/form-failure";
import { TileForm } from "../components/TileForm";
import { saveTileAction, tileFormLoader } from "../dashboard.server";
import type { Route } from "./+types/tile-edit";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return tileFormLoader(context, request, params.id ?? "");
}

export function action({ request, context, params }: Route.ActionArgs) {
  return saveTileAction(context, request, params.id ?? "");
}

export default function EditTile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const failure = formFailure(actionData);
  return (
    <section>
      <header className="page-header">
        <h1>{t("form.editTitle")}</h1>
        <Link to="/dashboard/metrics">{t("form.back")}</Link>
      </header>
      <TileForm
        key={loaderData.tile?.id}
        result={failure?.reply}
        code={failure?.code}
        defaultValue={loaderData.defaults}
        options={loaderData.options}
        submitLabel={t("form.save")}
      />
    </section>
  );
}
