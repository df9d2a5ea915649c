import { useTranslation } from "react-i18next";
import { failureFields, failureValues } from "../../../lib/form-failure";
import { JobForm } from "../components/JobForm";
import { jobAddAction, jobAddLoader } from "../route-planning.server";
import type { Route } from "./+types/job-add";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return jobAddLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return jobAddAction(context, request);
}

export default function JobAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  return (
    <FormPage title={t("jobs.add")} actionData={actionData}>
      {(failure) => (
        <JobForm
          mode="add"
          values={failureValues(failure) ?? {}}
          errors={failureFields(failure)}
          code={failure?.code}
          {...loaderData}
        />
      )}
    </FormPage>
  );
}
