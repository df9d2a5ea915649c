import { useTranslation } from "react-i18next";
import { Form, useSearchParams } from "react-router";
import { DateRangeField } from "../../../components/dates";
import { MEDIA_STATUSES, TRIGGERS } from "../../../../server/modules/video/video.schema";

interface Props {
  vehicles: { id: string; registration: string }[];
  timeZone: string;
  /** search: period, trigger and place; list: vehicle, status, type */
  mode: "list" | "search";
  geofences?: { id: string; name: string }[];
}

/** GET filters (no JavaScript needed): the list's and the search's. */
export function Filters({ vehicles, timeZone, mode, geofences = [] }: Props) {
  const { t } = useTranslation("video");
  const [params] = useSearchParams();
  const v = (k: string) => params.get(k) ?? "";
  return (
    <Form method="get" className="search-box filters" data-testid={`video-${mode}-filters`}>
      <label>
        {t("filters.vehicle")}{" "}
        <select name="vehicleId" defaultValue={v("vehicleId")}>
          <option value="">{t("filters.allVehicles")}</option>
          {vehicles.map((x) => (
            <option key={x.id} value={x.id}>
              {x.registration}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("filters.trigger")}{" "}
        <select name="trigger" defaultValue={v("trigger")}>
          <option value="">{t("filters.allTriggers")}</option>
          {TRIGGERS.map((x) => (
            <option key={x} value={x}>
              {t(`trigger.${x}`)}
            </option>
          ))}
        </select>
      </label>
      {mode === "list" ? (
        <>
          <label>
            {t("filters.status")}{" "}
            <select name="status" defaultValue={v("status")}>
              <option value="">{t("filters.allStatuses")}</option>
              {MEDIA_STATUSES.map((x) => (
                <option key={x} value={x}>
                  {t(`status.${x}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("filters.type")}{" "}
            <select name="mediaType" defaultValue={v("mediaType")}>
              <option value="">{t("filters.allTypes")}</option>
              <option value="photo">{t("mediaType.photo")}</option>
              <option value="video">{t("mediaType.video")}</option>
            </select>
          </label>
        </>
      ) : (
        <>
          <DateRangeField
            timeZone={timeZone}
            from={{ name: "from", id: "from", defaultValue: v("from") }}
            to={{ name: "to", id: "to", defaultValue: v("to") }}
          />
          {geofences.length > 0 && (
            <label>
              {t("filters.geofence")}{" "}
              <select name="geofenceId" defaultValue={v("geofenceId")}>
                <option value="">{t("filters.anyPlace")}</option>
                {geofences.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <fieldset className="inline">
            <legend>{t("filters.near")}</legend>
            <label>
              {t("filters.lat")} <input name="lat" inputMode="decimal" size={9} defaultValue={v("lat")} />
            </label>
            <label>
              {t("filters.lon")} <input name="lon" inputMode="decimal" size={9} defaultValue={v("lon")} />
            </label>
            <label>
              {t("filters.radius")} <input name="radiusM" inputMode="numeric" size={6} defaultValue={v("radiusM")} />
            </label>
          </fieldset>
        </>
      )}
      <button type="submit" className="button">
        {mode === "list" ? t("filters.apply") : t("filters.search")}
      </button>
    </Form>
  );
}

export function VideoTabs({ active }: { active: "list" | "search" }) {
  const { t } = useTranslation("video");
  return (
    <nav className="section-tabs" aria-label={t("title")}>
      <a
        href="/video/list"
        aria-current={active === "list" ? "page" : undefined}
        className={active === "list" ? "active" : undefined}
      >
        {t("tabs.list")}
      </a>
      <a
        href="/video/search"
        aria-current={active === "search" ? "page" : undefined}
        className={active === "search" ? "active" : undefined}
      >
        {t("tabs.search")}
      </a>
    </nav>
  );
}
