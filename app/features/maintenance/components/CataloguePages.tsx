import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { SearchBox } from "../../../components/ListControls";
import { CsrfInput } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { FormErrors, Select, SubmitRow, TextArea, TextInput, formState, useNumber, type Values } from "./fields";
import { RecordTable } from "../../../components/RecordTable";
import { FormPage } from "../../../components/FormPage";

type Kind = "suppliers" | "parts";
type Option = { value: string; label: string };
const CATEGORIES = ["service", "parts", "fuel", "wash", "other"] as const;

function CatalogueFields({ kind, s, suppliers }: { kind: Kind; s: ReturnType<typeof formState>; suppliers: Option[] }) {
  const { t } = useTranslation("maintenance");
  return kind === "suppliers" ? (
    <div className="form-grid">
      <TextInput s={s} name="name" label={t("fields.supplier")} required />
      <Select
        s={s}
        name="category"
        label={t("fields.category")}
        options={CATEGORIES.map((c) => ({ value: c, label: t(`suppliers.categories.${c}`) }))}
      />
      <TextInput s={s} name="contact_person" label={t("fields.contact_person")} />
      <TextInput s={s} name="phone" label={t("fields.phone")} />
      <TextInput s={s} name="email" label={t("fields.email")} />
      <TextInput s={s} name="address" label={t("fields.address")} />
      <TextArea s={s} name="notes" label={t("fields.notes")} />
    </div>
  ) : (
    <div className="form-grid">
      <TextInput s={s} name="name" label={t("fields.part")} required />
      <TextInput s={s} name="part_number" label={t("fields.part_number")} />
      <Select s={s} name="supplier_id" label={t("fields.supplier")} blank={t("none")} options={suppliers} />
      <TextInput s={s} name="unit_price" label={t("fields.unit_price")} inputMode="decimal" />
      <TextArea s={s} name="notes" label={t("fields.notes")} />
    </div>
  );
}

type Row = Record<string, unknown> & { id: string; name: string };

export function CatalogueList(props: {
  kind: Kind;
  items: Row[];
  suppliers: Option[];
  canWrite: boolean;
  deleted: boolean;
  actionData: unknown;
}) {
  const { t } = useTranslation("maintenance");
  const n = useNumber();
  const s = formState({ category: "service" }, formFailure(props.actionData, "save"));
  const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  return (
    <section>
      <h1>{t(`${props.kind}.title`)}</h1>
      {props.deleted && (
        <div className="alert alert-success" role="status">
          {t("deleted")}
        </div>
      )}
      <SearchBox />
      <RecordTable
        testId={`${props.kind}-table`}
        rows={props.items}
        rowKey={(r) => r.id}
        empty={t("common:list.empty")}
        emptyAlone={{ className: "empty" }}
        columns={[
          {
            header: t(props.kind === "suppliers" ? "fields.supplier" : "fields.part"),
            cell: (r) => <Link to={`/maintenance/${props.kind}/edit/${r.id}`}>{r.name}</Link>,
          },
          ...(props.kind === "suppliers"
            ? [
                { header: t("fields.category"), cell: (r: Row) => t(`suppliers.categories.${str(r.category)}`) },
                { header: t("fields.contact_person"), cell: (r: Row) => str(r.contact_person) },
                { header: t("fields.phone"), cell: (r: Row) => str(r.phone) },
                { header: t("fields.email"), cell: (r: Row) => str(r.email) },
              ]
            : [
                { header: t("fields.part_number"), cell: (r: Row) => str(r.part_number) },
                { header: t("fields.supplier"), cell: (r: Row) => str(r.supplier_name) },
                { header: t("fields.unit_price"), cell: (r: Row) => n(r.unit_price as string, 2) },
                {
                  header: t("parts.stock"),
                  cell: (r: Row) => n(r.stock as string, 2),
                  cellProps: () => ({ "data-testid": "stock" }),
                },
              ]),
        ]}
      />
      {props.canWrite && (
        <Form data-unsaved-guard method="post" className="stack card" data-testid={`${props.kind}-form`}>
          <h2>{t(`${props.kind}.add`)}</h2>
          <CsrfInput />
          <input type="hidden" name="intent" value="save" />
          <FormErrors s={s} />
          <CatalogueFields kind={props.kind} s={s} suppliers={props.suppliers} />
          <SubmitRow label={t("common:actions.add")} />
        </Form>
      )}
    </section>
  );
}

export function CatalogueEdit(props: {
  kind: Kind;
  record: Values & { id: string; name: string };
  suppliers: Option[];
  canWrite: boolean;
  saved: boolean;
  actionData: unknown;
}) {
  const { t } = useTranslation("maintenance");
  const n = useNumber();
  const s = formState(props.record, formFailure(props.actionData, "save"));
  const stock = formState({ reason: "purchase" }, formFailure(props.actionData, "stock"));
  const movements = (props.record.movements ?? []) as Array<{
    id: string;
    created_at: string;
    quantity: string;
    reason: string;
    note: string | null;
  }>;
  return (
    <FormPage title={props.record.name}>
      {props.saved && (
        <div className="alert alert-success" role="status">
          {t("flash.saved")}
        </div>
      )}
      <Form data-unsaved-guard method="post" className="stack card">
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <FormErrors s={s} />
        <fieldset disabled={!props.canWrite}>
          <CatalogueFields kind={props.kind} s={s} suppliers={props.suppliers} />
        </fieldset>
        {props.canWrite && <SubmitRow label={t("common:actions.save")} />}
      </Form>
      {props.kind === "parts" && (
        <>
          <p>
            {t("parts.stock")}: <strong data-testid="stock">{n(props.record.stock as string, 2)}</strong>
          </p>
          {props.canWrite && (
            <Form data-unsaved-guard method="post" className="stack card" data-testid="stock-form">
              <h2>{t("parts.move")}</h2>
              <CsrfInput />
              <input type="hidden" name="intent" value="stock" />
              <FormErrors s={stock} />
              <div className="form-grid">
                <TextInput s={stock} name="quantity" label={t("fields.quantity")} required inputMode="decimal" />
                <Select
                  s={stock}
                  name="reason"
                  label={t("fields.reason")}
                  options={(["purchase", "adjustment"] as const).map((r) => ({
                    value: r,
                    label: t(`parts.reasons.${r}`),
                  }))}
                />
                <TextInput s={stock} name="note" label={t("fields.note")} />
              </div>
              <SubmitRow label={t("parts.moveButton")} />
            </Form>
          )}
          <table className="table">
            <caption>{t("parts.movements")}</caption>
            <tbody>
              {movements.map((m) => (
                <tr key={m.id}>
                  <td>{String(m.created_at).slice(0, 10)}</td>
                  <td>{n(m.quantity, 2)}</td>
                  <td>{t(`parts.reasons.${m.reason}`)}</td>
                  <td>{m.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {props.canWrite && (
        <Form method="post" className="form-actions">
          <CsrfInput />
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="button danger">
            {t("common:actions.delete")}
          </button>
        </Form>
      )}
    </FormPage>
  );
}
