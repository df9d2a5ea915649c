import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CsrfInput, Field, FormAlert } from "../../../components/forms";
import { DateTimeField } from "../../../components/dates";
import { failureFields, failureValues, type FormFailure } from "../../../lib/form-failure";

interface Props {
  vehicles: { id: string; registration: string; front: boolean; rear: boolean }[];
  prefill: { vehicleId: string; mediaType: string; at: string };
  failure: FormFailure | null;
  timeZone: string;
}

/** The "request footage" form: vehicle, camera, photo or video, time and duration. Works without JavaScript. */
export function RequestForm({ vehicles, prefill, failure, timeZone }: Props) {
  const { t } = useTranslation("video");
  const busy = useNavigation().state !== "idle";
  const errors = failureFields(failure);
  const values = (failureValues(failure) ?? {}) as Record<string, string | undefined>;
  if (vehicles.length === 0)
    return (
      <p className="muted" data-testid="no-cameras">
        {t("request.noCameras")}
      </p>
    );
  return (
    <Form
      data-unsaved-guard
      method="post"
      action="/video/list"
      className="card form-grid"
      id="request"
      data-testid="request-form"
    >
      <h2>{t("request.title")}</h2>
      <CsrfInput />
      <FormAlert code={failure?.code} fields={errors} />
      <Field label={t("request.vehicle")} name="vehicleId" errors={errors.vehicleId} required>
        <select id="vehicleId" name="vehicleId" defaultValue={values.vehicleId ?? prefill.vehicleId}>
          <option value="">{t("request.chooseVehicle")}</option>
          {vehicles.map((v) => (
            <option key={v.id} value={v.id}>
              {v.registration}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("request.camera")} name="camera" errors={errors.camera} required>
        <select id="camera" name="camera" defaultValue={values.camera ?? "front"}>
          <option value="front">{t("camera.front")}</option>
          <option value="rear">{t("camera.rear")}</option>
        </select>
      </Field>
      <Field label={t("request.mediaType")} name="mediaType" errors={errors.mediaType} required>
        <select id="mediaType" name="mediaType" defaultValue={values.mediaType ?? prefill.mediaType}>
          <option value="photo">{t("mediaType.photo")}</option>
          <option value="video">{t("mediaType.video")}</option>
        </select>
      </Field>
      <Field label={t("request.at")} name="at" errors={errors.at} hint={t("request.atHint")}>
        <DateTimeField
          id="at"
          name="at"
          defaultValue={values.at ?? prefill.at}
          timeZone={timeZone}
          invalid={Boolean(errors.at?.length)}
        />
      </Field>
      <Field label={t("request.duration")} name="durationS" errors={errors.durationS} hint={t("request.durationHint")}>
        <input id="durationS" name="durationS" inputMode="numeric" defaultValue={values.durationS ?? "10"} />
      </Field>
      <div className="button-row">
        <button type="submit" className="button primary" disabled={busy} data-testid="request-submit">
          {t("request.submit")}
        </button>
      </div>
    </Form>
  );
}
