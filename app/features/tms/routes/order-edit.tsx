import { useTranslation } from "react-i18next";
import { FormPage } from "../../../components/FormPage";
import { DeleteConfirm } from "../../../components/DeleteConfirm";
import { formFailure } from "../../../lib/form-failure";
import { OrderForm } from "../components/OrderForm";
import { orderAction, orderLoader } from "../orders.server";
import type { Route } from "./+types/order-edit";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return orderLoader(context, request, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return orderAction(context, request, params.id);
}

/** Editing an order: only while it is PENDING (the form is read-only afterwards). */
export default function EditOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const { order, canWrite } = loaderData;
  const failure = formFailure(actionData, "save");
  const editable = canWrite && order.status === "PENDING";
  const deleteCode = formFailure(actionData, "delete")?.code ?? null;
  return (
    <FormPage
      className="stack"
      title={t("orders.editTitle", { id: order.order_id })}
      back={{ to: `/tms/orders/${order.id}`, label: t("orders.backToOrder") }}
    >
      {!editable && (
        <div className="alert alert-warn" role="status">
          {t("orders.locked")}
        </div>
      )}
      <OrderForm
        key={loaderData.version}
        result={failure?.reply}
        code={failure?.code}
        defaultValue={order}
        readOnly={!editable}
        submitLabel={t("common:actions.save")}
      />
      {editable && (
        <DeleteConfirm
          confirming={loaderData.confirmDelete || Boolean(deleteCode)}
          label={t("orders.delete")}
          question={t("orders.confirmDelete", { id: order.order_id })}
          code={deleteCode}
        />
      )}
    </FormPage>
  );
}
