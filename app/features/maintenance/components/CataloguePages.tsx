import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { SearchBox } from "../../../components/ListControls";
import { CsrfInput } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import { FormErrors, Select, SubmitRow, TextArea, TextInput, formState, useNumber, type Values } from "./fields";

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

export function CatalogueList(props: {
  kind: Kind;
  items: Array<Record<string, unknown> & { id: string; name: string }>;
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
      {!props.items.length ? (
        <p className="empty">{t("common:list.empty")}</p>
      ) : (
        <table className="table" data-testid={`${props.kind}-table`}>
          <thead>
            {props.kind === "suppliers" ? (
              <tr>
                <th>{t("fields.supplier")}</th>
                <th>{t("fields.category")}</th>
                <th>{t("fields.contact_person")}</th>
                <th>{t("fields.phone")}</th>
                <th>{t("fields.email")}</th>
              </tr>
            ) : (
              <tr>
                <th>{t("fields.part")}</th>
                <th>{t("fields.part_number")}</th>
                <th>{t("fields.supplier")}</th>
                <th>{t("fields.unit_price")}</th>
                <th>{t("parts.stock")}</th>
              </tr>
            )}
          </thead>
          <tbody>
            {props.items.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/maintenance/${props.kind}/edit/${r.id}`}>{r.name}</Link>
                </td>
                {props.kind === "suppliers" ? (
                  <>
                    <td>{t(`suppliers.categories.${str(r.category)}`)}</td>
                    <td>{str(r.contact_person)}</td>
                    <td>{str(r.phone)}</td>
                    <td>{str(r.email)}</td>
                  </>
                ) : (
                  <>
                    <td>{str(r.part_number)}</td>
                    <td>{str(r.supplier_name)}</td>
                    <td>{n(r.unit_price as string, 2)}</td>
                    <td data-testid="stock">{n(r.stock as string, 2)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
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
    <section>
      <h1>{props.record.name}</h1>
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
    </section>
  );
}
