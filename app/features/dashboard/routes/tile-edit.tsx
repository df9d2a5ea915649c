import { useTranslation } from "react-i18next";
import { TileForm } from "../components/TileForm";
import { saveTileAction, tileFormLoader } from "../dashboard.server";
import type { Route } from "./+types/tile-edit";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return tileFormLoader(context, request, params.id ?? "");
}

export function action({ request, context, params }: Route.ActionArgs) {
  return saveTileAction(context, request, params.id ?? "");
}

export default function EditTile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  return (
    <FormPage
      title={t("form.editTitle")}
      back={{ to: "/dashboard/metrics", label: t("form.back") }}
      actionData={actionData}
    >
      {(failure) => (
        <TileForm
          key={loaderData.tile?.id}
          result={failure?.reply}
          code={failure?.code}
          defaultValue={loaderData.defaults}
          options={loaderData.options}
          submitLabel={t("form.save")}
        />
      )}
    </FormPage>
  );
}
