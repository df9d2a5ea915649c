import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { MAX_VEHICLE_IMAGES } from "../../../../../server/modules/vehicles/vehicles.schema";
import { CsrfInput, FormAlert } from "../../../../components/forms";

export const vehicleImageUrl = (vehicleId: string, imageId: string) =>
  `/configuration/vehicles/details/${vehicleId}/images/${imageId}`;

export function VehicleImages(props: {
  vehicleId: string;
  registration: string;
  images: { id: string }[];
  canWrite: boolean;
  code?: string | null;
}) {
  const { t } = useTranslation("vehicles");
  const navigation = useNavigation();
  const room = MAX_VEHICLE_IMAGES - props.images.length;
  return (
    <section className="form-section card" data-testid="vehicle-images">
      <h2>{t("sections.images")}</h2>
      <FormAlert code={props.code} />
      {props.images.length === 0 && <p className="muted">{t("images.none")}</p>}
      <div className="image-grid">
        {props.images.map((img, i) => (
          <figure key={img.id}>
            <a href={vehicleImageUrl(props.vehicleId, img.id)} target="_blank" rel="noreferrer">
              <img
                src={vehicleImageUrl(props.vehicleId, img.id)}
                alt={t("images.alt", { n: i + 1, registration: props.registration })}
                loading="lazy"
              />
            </a>
            {props.canWrite && (
              <Form method="post" className="inline">
                <CsrfInput />
                <input type="hidden" name="intent" value="delete-image" />
                <input type="hidden" name="imageId" value={img.id} />
                <button type="submit" className="link-button" data-testid="delete-image">
                  {t("images.delete")}
                </button>
              </Form>
            )}
          </figure>
        ))}
      </div>
      {props.canWrite && (
        <Form
          data-unsaved-guard
          key={props.images.map((i) => i.id).join()}
          method="post"
          encType="multipart/form-data"
          className="stack"
          data-testid="upload-form"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="upload" />
          <div className="field">
            <label htmlFor="upload-images">{t("images.choose")}</label>
            <input type="file" id="upload-images" name="images" multiple accept="image/jpeg,image/png,image/webp" />
            <small className="hint">
              {room > 0 ? t("images.hint", { max: MAX_VEHICLE_IMAGES }) : t("images.full", { max: MAX_VEHICLE_IMAGES })}
            </small>
          </div>
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            {t("images.upload")}
          </button>
        </Form>
      )}
    </section>
  );
}
