import { useTranslation } from "react-i18next";
import { failureFields, failureValues, formFailure } from "../../../lib/form-failure";
import { JobForm } from "../components/JobForm";
import { jobAddAction, jobAddLoader } from "../route-planning.server";
import type { Route } from "./+types/job-add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return jobAddLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return jobAddAction(context, request);
}

export default function JobAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("routePlanning");
  const failure = formFailure(actionData);
  return (
    <section>
      <header className="page-header">
        <h1>{t("jobs.add")}</h1>
      </header>
      <JobForm
        mode="add"
        values={failureValues(failure) ?? {}}
        errors={failureFields(failure)}
        code={failure?.code}
        {...loaderData}
      />
    </section>
  );
}
