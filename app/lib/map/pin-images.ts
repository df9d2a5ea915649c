import type { Map as MapLibreMap } from "maplibre-gl";
import { CLUSTER_IMAGE_PREFIX, PIN_IMAGE_PREFIX } from "./vehicle-layers";
import { PIN_COLORS, type PinKind } from "./vehicle-style";

const PIXEL_RATIO = 2;

function canvas(size: number) {
  const c = document.createElement("canvas");
  c.width = size * PIXEL_RATIO;
  c.height = size * PIXEL_RATIO;
  // Read back with getImageData: a CPU canvas avoids a GPU read-back stall per image.
  const ctx = c.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
  ctx.scale(PIXEL_RATIO, PIXEL_RATIO);
  return { c, ctx };
}

/** A round pin with an arrow pointing up (north); the layer rotates it by the course. */
function drawPin(color: string) {
  const size = 30;
  const { c, ctx } = canvas(size);
  ctx.beginPath();
  ctx.arc(15, 16, 10, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = "#ffffff";
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(15, 1);
  ctx.lineTo(20, 8);
  ctx.lineTo(10, 8);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(15, 10);
  ctx.lineTo(19, 20);
  ctx.lineTo(15, 18);
  ctx.lineTo(11, 20);
  ctx.closePath();
  ctx.fillStyle = "#ffffff";
  ctx.fill();
  return ctx.getImageData(0, 0, c.width, c.height);
}

function drawCluster(label: string) {
  const size = label.length > 2 ? 44 : 36;
  const { c, ctx } = canvas(size);
  const r = size / 2;
  ctx.beginPath();
  ctx.arc(r, r, r - 2, 0, Math.PI * 2);
  ctx.fillStyle = "rgba(15,92,140,0.85)";
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = "rgba(255,255,255,0.9)";
  ctx.stroke();
  ctx.fillStyle = "#ffffff";
  ctx.font = "bold 13px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(label, r, r + 1);
  return ctx.getImageData(0, 0, c.width, c.height);
}

/** Draws pin and cluster images when the style first asks for them: no sprite or glyph server is needed. */
export function provideVehicleImages(map: MapLibreMap) {
  map.setMissingStyleImageResolver((id: string) => {
    if (map.hasImage(id)) return;
    if (id.startsWith(PIN_IMAGE_PREFIX)) {
      const kind = id.slice(PIN_IMAGE_PREFIX.length) as PinKind;
      map.addImage(id, drawPin(PIN_COLORS[kind] ?? PIN_COLORS.unknown), { pixelRatio: PIXEL_RATIO });
    } else if (id.startsWith(CLUSTER_IMAGE_PREFIX)) {
      map.addImage(id, drawCluster(id.slice(CLUSTER_IMAGE_PREFIX.length)), { pixelRatio: PIXEL_RATIO });
    }
  });
}
