import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { DateField } from "../../../components/dates";
import { formFailure } from "../../../lib/form-failure";
import { PlanForm } from "../components/PlanForm";
import { unfitOf } from "../components/UnfitOrders";
import { addPlanAction, addPlanLoader } from "../plans.server";
import type { Route } from "./+types/optimize-add";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return addPlanLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return addPlanAction(context, request);
}

export default function AddOptimization({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const { day, weightUnit, ...options } = loaderData;
  const failure = formFailure(actionData, "save");
  return (
    <FormPage
      title={t("optimize.newTitle")}
      back={{ to: "/tms/optimize/list", label: t("optimize.back") }}
      className="stack"
    >
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
        unfit={unfitOf(actionData)}
        weightUnit={weightUnit}
        submitLabel={t("optimize.create")}
      />
    </FormPage>
  );
}
