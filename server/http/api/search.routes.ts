import { Router } from "express";
import type { AppContext } from "../../context";
import { searchQuerySchema, searchEverything } from "../../modules/search";
import { authed } from "./api-kit";

/** GET /api/search?q=: the header's search, grouped by kind, within the user's organisation and scope. */
export function searchRoutes(ctx: AppContext) {
  const r = Router();
  r.get(
    "/api/search",
    authed(ctx, (req, _s, p) => searchEverything(ctx, p, searchQuerySchema.parse(req.query).q)),
  );
  return r;
}
