import path from "node:path";
import { Router } from "express";

/**
 * The driver's app as an installable web app (docs/driver-app.md, "Install"): its manifest and its service worker.
 * The worker's script comes from the client build (public/sw.js) with no caching, so a new version is picked up
 * on the next visit, and Service-Worker-Allowed for the app's scope.
 */
export const DRIVER_MANIFEST = {
  id: "/driver",
  name: "Flota",
  short_name: "Flota",
  description: "Flota for drivers: today's jobs, check-in and check-out, the working day and shared cars.",
  lang: "sq",
  start_url: "/driver",
  scope: "/driver",
  display: "standalone",
  orientation: "portrait",
  background_color: "#f4f6f8",
  theme_color: "#0f5c8c",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
} as const;

export function driverAppRoutes(clientDir: string) {
  const r = Router();
  r.get("/manifest.webmanifest", (_req, res) => {
    res.setHeader("Cache-Control", "no-cache");
    res.type("application/manifest+json").send(JSON.stringify(DRIVER_MANIFEST));
  });
  r.get("/sw.js", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Service-Worker-Allowed", "/driver");
    res.type("text/javascript");
    // in development the file is served by Vite from public/ when the build has none
    res.sendFile(path.join(clientDir, "sw.js"), (err) => (err ? next() : undefined));
  });
  return r;
}
