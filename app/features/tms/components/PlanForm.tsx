import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CsrfInput, Field, FieldErrors, FormAlert, inputProps } from "../../../components/forms";
import { DateField } from "../../../components/dates";
import { allErrorsOf, initialList, useRecordForm } from "../../../components/record-form";
import type { UnfitOrderDetail } from "../../../../server/modules/tms/plan-fit";
import { planFormSchema } from "../../../../server/modules/tms/tms.schema";
import { UnfitOrders } from "./UnfitOrders";

export interface PlanFormOptions {
  depots: Array<{ id: string; name: string }>;
  vehicles: Array<{ id: string; label: string; category: string }>;
  orders: Array<{
    id: string;
    order_id: string;
    customer_code: string;
    customer_name: string | null;
    region: string | null;
    packets: number;
    weight: number;
    inPlan: boolean;
  }>;
}

interface Props {
  options: PlanFormOptions;
  values: {
    name: string;
    day: string;
    depot_id: string | null;
    trucks: Array<{ vehicle_id: string; capacity_weight: number; capacity_packets: number }>;
    orders: string[] | "all";
  };
  /** the refused submission (Conform's reply: field errors and every value as typed) and its error code */
  result?: SubmissionResult<string[]> | null;
  code?: string | null;
  /** the orders the service refused as fitting no truck (listed under the form's alert) */
  unfit?: UnfitOrderDetail[];
  weightUnit: string;
  submitLabel: string;
  readOnly?: boolean;
}

type Meta = FieldMetadata<unknown>;

const DEFAULT_WEIGHT = 1000;
const DEFAULT_PACKETS = 100;

/** The saved plan (or a new one's defaults) in the form's own field names. */
function defaultsOf(options: PlanFormOptions, values: Props["values"]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: values.name,
    day: values.day,
    depot_id: values.depot_id ?? options.depots[0]?.id ?? "",
    orders: values.orders === "all" ? options.orders.map((o) => o.id) : values.orders,
    truck: values.trucks.map((x) => x.vehicle_id),
  };
  for (const v of options.vehicles) {
    const saved = values.trucks.find((x) => x.vehicle_id === v.id);
    out[`weight_${v.id}`] = String(saved ? saved.capacity_weight : DEFAULT_WEIGHT);
    out[`packets_${v.id}`] = String(saved ? saved.capacity_packets : DEFAULT_PACKETS);
  }
  return out;
}

/**
 * Day, depot, the day's orders (checkboxes) and the trucks with their capacity. Works without JavaScript: a refused
 * plan re-renders with every field as typed and the errors beside them (Conform, like the other record forms).
 */
export function PlanForm({ options, values, result, code: refused, unfit, weightUnit, submitLabel, readOnly }: Props) {
  const { t } = useTranslation("tms");
  const navigation = useNavigation();
  const { ref, form, fields, code } = useRecordForm({
    id: "plan-form",
    schema: planFormSchema,
    result,
    defaultValue: defaultsOf(options, values),
    code: refused,
  });
  const f = fields as unknown as Record<string, Meta>;
  const chosenOrders = initialList(f.orders);
  const chosenTrucks = initialList(f.truck);
  // "Choose at least one truck" from the form, an unknown truck from the service
  const truckErrors = [...allErrorsOf(f.truck), ...(f.trucks?.errors ?? [])];
  const capacityCell = (meta: Meta, label: string, mode: "decimal" | "numeric", size: number) => (
    <td className={meta.errors?.length ? "has-error" : undefined}>
      <input {...inputProps(meta)} key={meta.key} type="text" inputMode={mode} size={size} aria-label={label} />
      <FieldErrors id={`${meta.name}-error`} errors={meta.errors} />
    </td>
  );
  const trucksFirst = [...options.vehicles].sort(
    (a, b) => Number(b.category === "Truck") - Number(a.category === "Truck"),
  );
  return (
    <Form data-unsaved-guard method="post" {...getFormProps(form)} ref={ref} className="stack" data-testid="plan-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormAlert code={code} fields={code === "VALIDATION" ? form.allErrors : null} />
      <UnfitOrders unfit={unfit ?? []} weightUnit={weightUnit} />
      <fieldset disabled={readOnly} className="form-section card">
        <div className="form-grid">
          <Field label={t("optimize.name")} name="name" errors={f.name.errors} required>
            <input {...inputProps(f.name)} key={f.name.key} type="text" maxLength={120} />
          </Field>
          <Field label={t("optimize.day")} name="day" errors={f.day.errors} required>
            <DateField {...inputProps(f.day)} key={f.day.key} invalid={Boolean(f.day.errors?.length)} />
          </Field>
          <Field label={t("optimize.depot")} name="depot_id" errors={f.depot_id.errors} required>
            <select {...inputProps(f.depot_id)} key={f.depot_id.key}>
              {options.depots.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {options.depots.length === 0 && <p className="alert alert-warn">{t("optimize.noDepot")}</p>}
      </fieldset>
      <fieldset disabled={readOnly} className="form-section card">
        <legend>
          {t("optimize.chooseOrders")} ({options.orders.length})
        </legend>
        <p className="hint">{t("optimize.chooseOrdersHint")}</p>
        <FieldErrors id="orders-error" errors={allErrorsOf(f.orders)} />
        {options.orders.length === 0 ? (
          <p className="muted">{t("optimize.noOrdersForDay")}</p>
        ) : (
          <div className="tms-checklist">
            <table className="table" data-testid="plan-orders" key={f.orders.key}>
              <thead>
                <tr>
                  <th />
                  <th>{t("order.fields.order_id")}</th>
                  <th>{t("order.fields.customer_code")}</th>
                  <th>{t("order.fields.region")}</th>
                  <th>{t("order.fields.packets")}</th>
                  <th>{t("order.fields.weight")}</th>
                </tr>
              </thead>
              <tbody>
                {options.orders.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <input
                        type="checkbox"
                        name="orders"
                        value={o.id}
                        defaultChecked={chosenOrders.includes(o.id)}
                        aria-label={o.order_id}
                      />
                    </td>
                    <td>{o.order_id}</td>
                    <td>
                      {o.customer_code}
                      {o.customer_name ? ` · ${o.customer_name}` : ""}
                    </td>
                    <td>{o.region ?? ""}</td>
                    <td>{o.packets}</td>
                    <td>{o.weight}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </fieldset>
      <fieldset disabled={readOnly} className="form-section card">
        <legend>{t("optimize.chooseTrucks")}</legend>
        <FieldErrors id="truck-error" errors={truckErrors} />
        <div className="tms-checklist">
          <table className="table" data-testid="plan-trucks" key={f.truck.key}>
            <thead>
              <tr>
                <th />
                <th>{t("order.fields.truck")}</th>
                <th>{t("optimize.capacityWeight")}</th>
                <th>{t("optimize.capacityPackets")}</th>
              </tr>
            </thead>
            <tbody>
              {trucksFirst.map((v) => (
                <tr key={v.id}>
                  <td>
                    <input
                      type="checkbox"
                      name="truck"
                      value={v.id}
                      id={`truck-${v.id}`}
                      defaultChecked={chosenTrucks.includes(v.id)}
                    />
                  </td>
                  <td>
                    <label htmlFor={`truck-${v.id}`}>{v.label}</label>
                  </td>
                  {capacityCell(f[`weight_${v.id}`], `${v.label} ${t("optimize.capacityWeight")}`, "decimal", 8)}
                  {capacityCell(f[`packets_${v.id}`], `${v.label} ${t("optimize.capacityPackets")}`, "numeric", 6)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      {!readOnly && (
        <div className="form-actions">
          <button
            type="submit"
            className="button primary"
            disabled={navigation.state === "submitting"}
            data-testid="plan-submit"
          >
            {submitLabel}
          </button>
        </div>
      )}
    </Form>
  );
}
