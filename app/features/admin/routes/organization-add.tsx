import { useTranslation } from "react-i18next";
import { FormPage } from "../../../components/FormPage";
import { addOrganizationAction, addOrganizationLoader } from "../admin.server";
import { NewOrganizationForm } from "../components/NewOrganizationForm";
import type { Route } from "./+types/organization-add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return addOrganizationLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return addOrganizationAction(request, context);
}

export default function AddOrganization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <FormPage
      title={t("add.title")}
      back={{ to: "/administration/organizations", label: t("common:actions.back") }}
      actionData={actionData}
    >
      {(failure) => <NewOrganizationForm saved={loaderData.values} failure={failure} />}
    </FormPage>
  );
}
