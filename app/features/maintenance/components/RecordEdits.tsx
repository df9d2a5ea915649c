import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { formFailure } from "../../../lib/form-failure";
import type { FormOptions } from "../maintenance.server";
import { SubmitRow, formState, type Values } from "./fields";
import { FuelFields } from "./FuelPages";
import { ServiceFields, WashFields } from "./RecordPages";
import { FormPage } from "../../../components/FormPage";

interface SavedAttachment {
  id: string;
  file_name: string;
}

/** The attachments already saved: they stay when the record is edited (new files are added to them). */
function SavedAttachments({ items }: { items: SavedAttachment[] }) {
  const { t } = useTranslation("maintenance");
  if (!items.length) return null;
  return (
    <div>
      <p>{t("edit.attachmentsStay")}</p>
      <ul aria-label={t("services.attachments")}>
        {items.map((a) => (
          <li key={a.id}>
            <a href={`/maintenance/attachments/${a.id}`}>{a.file_name}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Editing a service report or a car wash: the saved values, or what was typed when the save was refused. */
export function ServiceEditForm(props: {
  record: { id: string; kind: string; registration: string; service_type: string; attachments: SavedAttachment[] };
  values: Values;
  options: FormOptions;
  actionData: unknown;
}) {
  const { t } = useTranslation("maintenance");
  const s = formState(props.values, formFailure(props.actionData, "save"));
  const wash = props.record.kind === "wash";
  const back = wash ? "/maintenance/wash" : `/maintenance/services/${props.record.id}`;
  return (
    <FormPage
      title={
        <>
          {t(wash ? "edit.wash" : "edit.service")} · {props.record.registration}
        </>
      }
    >
      <Form
        data-unsaved-guard
        method="post"
        encType="multipart/form-data"
        className="stack card"
        data-testid="service-edit-form"
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        {wash ? <WashFields s={s} options={props.options} /> : <ServiceFields s={s} options={props.options} />}
        {!wash && <p className="hint">{t("edit.partsHint")}</p>}
        <SavedAttachments items={props.record.attachments} />
        <SubmitRow label={t("common:actions.save")}>
          <Link to={back}>{t("common:actions.cancel")}</Link>
        </SubmitRow>
      </Form>
    </FormPage>
  );
}

/** Editing a fuel report. */
export function FuelEditForm(props: {
  record: { id: string; registration: string; attachments: SavedAttachment[] };
  values: Values;
  options: FormOptions;
  actionData: unknown;
}) {
  const { t } = useTranslation("maintenance");
  const s = formState(props.values, formFailure(props.actionData, "save"));
  return (
    <FormPage
      title={
        <>
          {t("edit.fuel")} · {props.record.registration}
        </>
      }
    >
      <Form
        data-unsaved-guard
        method="post"
        encType="multipart/form-data"
        className="stack card"
        data-testid="fuel-edit-form"
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <FuelFields s={s} options={props.options} />
        <SavedAttachments items={props.record.attachments} />
        <SubmitRow label={t("common:actions.save")}>
          <Link to="/maintenance/fuel">{t("common:actions.cancel")}</Link>
        </SubmitRow>
      </Form>
    </FormPage>
  );
}
