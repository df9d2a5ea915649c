import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OrderForm } from "../components/OrderForm";
import { addOrderAction, addOrderLoader } from "../orders.server";
import type { Route } from "./+types/order-add";
import { FormPage } from "../../../components/FormPage";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return addOrderLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return addOrderAction(context, request);
}

export default function AddOrder({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  return (
    <FormPage
      title={t("orders.newTitle")}
      back={{ to: "/tms/orders", label: t("orders.back") }}
      actionData={actionData}
      intent="save"
    >
      {(failure) => (
        <OrderForm result={failure?.reply} code={failure?.code} submitLabel={t("orders.create")}>
          <Link to="/tms/orders" className="button">
            {t("common:actions.cancel")}
          </Link>
        </OrderForm>
      )}
    </FormPage>
  );
}
