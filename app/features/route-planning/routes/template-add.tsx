import { useTranslation } from "react-i18next";
import { failureFields, failureValues } from "../../../lib/form-failure";
import { TemplateForm } from "../components/TemplateForm";
import { templateAddAction, templateAddLoader } from "../route-planning.server";
import type { Route } from "./+types/template-add";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return templateAddLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return templateAddAction(context, request);
}

export default function TemplateAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  return (
    <FormPage title={t("templates.add")} actionData={actionData}>
      {(failure) => (
        <TemplateForm
          values={failureValues(failure) ?? {}}
          errors={failureFields(failure)}
          code={failure?.code}
          {...loaderData}
          submit={t("templates.create")}
        />
      )}
    </FormPage>
  );
}
