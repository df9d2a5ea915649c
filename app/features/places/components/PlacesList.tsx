import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { Pagination, SearchBox, SortHeader } from "../../../components/ListControls";
import { PlacesOverviewMap } from "./PlacesOverviewMap";

export interface PlaceRow {
  id: string;
  name: string;
  category: string;
  city: string | null;
  latitude: number;
  longitude: number;
  icon: string;
  icon_color: string;
  shape: string;
  radius_m: number | null;
  vertices: number;
}

interface Props {
  kind: "poi" | "geofence";
  page: { items: PlaceRow[]; total: number; page: number; pages: number };
  categories: string[];
  canWrite: boolean;
  mapConfig: MapConfig;
  exposeMap: boolean;
}

/** The list of points or geofences: server-side search, category filter, sort and paging; a map above it with JavaScript. */
export function PlacesList({ kind, page, categories, canWrite, mapConfig, exposeMap }: Props) {
  const { t } = useTranslation("places");
  const [params] = useSearchParams();
  const section = kind === "poi" ? "points" : "geofences";
  const editPath = kind === "poi" ? "/places/edit-poi" : "/places/edit-geofence";
  const notice = params.has("deleted") ? `${section}.deleted` : null;
  const imported = params.get("imported");
  const category = params.get("category") ?? "";
  return (
    <section>
      <header className="page-header">
        <h1>{t(`${section}.title`)}</h1>
        {canWrite && (
          <Link
            to={kind === "poi" ? "/places/add-new-poi" : "/places/add-new-geofence"}
            className="button primary"
            data-testid="add-place"
          >
            {t(`${section}.add`)}
          </Link>
        )}
      </header>
      {notice && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(notice)}
        </div>
      )}
      {imported && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t("points.imported", { count: Number(imported) })}
        </div>
      )}
      <PlacesOverviewMap config={mapConfig} focus={kind} expose={exposeMap} />
      <SearchBox placeholder={t(`${section}.search`)}>
        <label className="places-filter">
          <span>{t("filter.category")}</span>
          <select name="category" defaultValue={category} data-testid="category-filter">
            <option value="">{t("filter.allCategories")}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </SearchBox>
      <table className="table" data-testid="places-table">
        <thead>
          <tr>
            <SortHeader column="name" label={t("fields.name")} />
            <SortHeader column="category" label={t("fields.category")} />
            <SortHeader column="city" label={t("fields.city")} />
            {kind === "poi" ? (
              <>
                <th>{t("fields.latitude")}</th>
                <th>{t("fields.longitude")}</th>
              </>
            ) : (
              <th>{t("geofences.size")}</th>
            )}
            <th>{t("fields.icon")}</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((place) => (
            <tr key={place.id}>
              <td>
                <Link to={`${editPath}/${place.id}`}>{place.name}</Link>
              </td>
              <td>{place.category}</td>
              <td>{place.city ?? t("common:none")}</td>
              {kind === "poi" ? (
                <>
                  <td>{place.latitude.toFixed(6)}</td>
                  <td>{place.longitude.toFixed(6)}</td>
                </>
              ) : (
                <td>
                  {place.shape === "circle"
                    ? t("geofences.radius", { radius: place.radius_m })
                    : t("geofences.vertices", { count: place.vertices })}
                </td>
              )}
              <td>
                <span className="swatch" style={{ background: place.icon_color }} />
                {t(`icons.${place.icon}`, { defaultValue: place.icon })}
              </td>
            </tr>
          ))}
          {page.items.length === 0 && (
            <tr>
              <td colSpan={kind === "poi" ? 6 : 5} className="muted">
                {t(params.get("q") || category ? "common:list.noResults" : "common:list.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
