import { useTranslation } from "react-i18next";
import { TileForm } from "../components/TileForm";
import { saveTileAction, tileFormLoader } from "../dashboard.server";
import type { Route } from "./+types/tile-add";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return tileFormLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return saveTileAction(context, request);
}

export default function AddTile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  return (
    <FormPage
      title={t("form.addTitle")}
      back={{ to: "/dashboard/metrics", label: t("form.back") }}
      actionData={actionData}
    >
      {(failure) => (
        <TileForm
          result={failure?.reply}
          code={failure?.code}
          defaultValue={loaderData.defaults}
          options={loaderData.options}
          submitLabel={t("form.create")}
        />
      )}
    </FormPage>
  );
}
