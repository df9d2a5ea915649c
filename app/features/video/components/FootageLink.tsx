import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toLocalInput } from "../../../lib/map/time";

/** What other screens need to offer footage: media per alert, the vehicles with a camera, whether the user may request. */
export interface FootageLinks {
  byAlert: Record<string, string>;
  cameraVehicles: string[];
  canRequest: boolean;
}

/** The request form's address prefilled for a vehicle and a moment (clip starting 5 s before it). */
export function requestHref(
  vehicleId: string,
  mediaType: "photo" | "video",
  at: Date | string | null,
  timeZone: string,
): string {
  const q = new URLSearchParams({ request: vehicleId, mediaType });
  if (at) q.set("at", toLocalInput(new Date(new Date(at).getTime() - 5000), timeZone));
  return `/video/list?${q.toString()}#request`;
}

/** Alert log cell: the footage that belongs to the alert, or "request clip around this moment" where the vehicle has a camera. */
export function AlertFootageCell({
  links,
  alertId,
  vehicleId,
  occurredAt,
  timeZone,
}: {
  links: FootageLinks;
  alertId: string;
  vehicleId: string;
  occurredAt: string;
  timeZone: string;
}) {
  const { t } = useTranslation("video");
  const media = links.byAlert[alertId];
  if (media)
    return (
      <Link to={`/video/details/${media}`} data-testid="alert-footage">
        {t("alertVideo")}
      </Link>
    );
  if (links.canRequest && links.cameraVehicles.includes(vehicleId)) {
    return (
      <Link to={requestHref(vehicleId, "video", occurredAt, timeZone)} data-testid="alert-request-clip">
        {t("request.requestClip")}
      </Link>
    );
  }
  return null;
}
