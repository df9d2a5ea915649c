import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { SearchBox } from "../../../components/ListControls";
import { ListPage, Notice } from "../../../components/ListPage";
import { RecordTable } from "../../../components/RecordTable";
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
    <ListPage
      title={t(`${section}.title`)}
      add={
        canWrite && {
          to: kind === "poi" ? "/places/add-new-poi" : "/places/add-new-geofence",
          label: t(`${section}.add`),
          testId: "add-place",
        }
      }
      notices={
        <>
          {notice && <Notice testId="notice">{t(notice)}</Notice>}
          {imported && <Notice testId="notice">{t("points.imported", { count: Number(imported) })}</Notice>}
        </>
      }
      filters={
        <>
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
        </>
      }
      page={page}
    >
      <RecordTable
        testId="places-table"
        rows={page.items}
        rowKey={(place) => place.id}
        empty={t(params.get("q") || category ? "common:list.noResults" : "common:list.empty")}
        columns={[
          {
            header: t("fields.name"),
            sort: "name",
            cell: (place) => <Link to={`${editPath}/${place.id}`}>{place.name}</Link>,
          },
          { header: t("fields.category"), sort: "category", cell: (place) => place.category },
          { header: t("fields.city"), sort: "city", cell: (place) => place.city ?? t("common:none") },
          kind === "poi" && { header: t("fields.latitude"), cell: (place) => place.latitude.toFixed(6) },
          kind === "poi" && {
            header: t("fields.longitude"),

            cell: (place) => place.longitude.toFixed(6),
          },
          kind === "geofence" && {
            header: t("geofences.size"),
            cell: (place) =>
              place.shape === "circle"
                ? t("geofences.radius", { radius: place.radius_m })
                : t("geofences.vertices", { count: place.vertices }),
          },
          {
            header: t("fields.icon"),
            cell: (place) => (
              <>
                <span className="swatch" style={{ background: place.icon_color }} />
                {t(`icons.${place.icon}`, { defaultValue: place.icon })}
              </>
            ),
          },
        ]}
      />
    </ListPage>
  );
}
