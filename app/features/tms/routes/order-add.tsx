import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formFailure } from "../../../lib/form-failure";
import { OrderForm } from "../components/OrderForm";
import { addOrderAction, addOrderLoader } from "../orders.server";
import type { Route } from "./+types/order-add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return addOrderLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return addOrderAction(context, request);
}

export default function AddOrder({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const failure = formFailure(actionData, "save");
  return (
    <section>
      <header className="page-header">
        <h1>{t("orders.newTitle")}</h1>
        <Link to="/tms/orders">{t("orders.back")}</Link>
      </header>
      <OrderForm result={failure?.reply} code={failure?.code} submitLabel={t("orders.create")}>
        <Link to="/tms/orders" className="button">
          {t("common:actions.cancel")}
        </Link>
      </OrderForm>
    </section>
  );
}
