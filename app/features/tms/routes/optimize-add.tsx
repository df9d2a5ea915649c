import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { DateField } from "../../../components/dates";
import { formFailure } from "../../../lib/form-failure";
import { PlanForm } from "../components/PlanForm";
import { addPlanAction, addPlanLoader } from "../plans.server";
import type { Route } from "./+types/optimize-add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return addPlanLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return addPlanAction(context, request);
}

export default function AddOptimization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const { day, ...options } = loaderData;
  const failure = formFailure(actionData, "save");
  return (
    <section className="stack">
      <header className="page-header">
        <h1>{t("optimize.newTitle")}</h1>
        <Link to="/tms/optimize/list">{t("optimize.back")}</Link>
      </header>
      <Form method="get" className="tms-filters card" data-testid="pick-day">
        <label>
          <span>{t("optimize.day")}</span>
          <DateField name="day" defaultValue={day} />
        </label>
        <button type="submit" className="button">
          {t("optimize.pickDay")}
        </button>
      </Form>
      <PlanForm
        key={day}
        options={options}
        values={{ name: `${day}`, day, depot_id: null, trucks: [], orders: "all" }}
        result={failure?.reply}
        code={failure?.code}
        submitLabel={t("optimize.create")}
      />
    </section>
  );
}
