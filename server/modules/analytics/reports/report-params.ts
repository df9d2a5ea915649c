import { z } from "zod";
import { requiredDate } from "../../../shared/date-schemas";
import { daysBetween, parseDate } from "../../../shared/dates";
import { uuidList } from "../../shared/form-values";

/** Longest period one report covers (a year: positions are kept one year). */
export const MAX_PERIOD_DAYS = 366;

/** The parameters every report takes: a period of local days and optional vehicles, teams and drivers. */
export const commonParamsSchema = z
  .object({
    from: requiredDate(),
    to: requiredDate(),
    vehicle_ids: uuidList(),
    team_ids: uuidList(),
    driver_ids: uuidList(),
  })
  .superRefine((v, ctx) => {
    if (!parseDate(v.from) || !parseDate(v.to)) return;
    if (v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: "errors.periodOrder" });
    else if (daysBetween(v.from, v.to) >= MAX_PERIOD_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: "errors.periodTooLong" });
  });

export type CommonParams = z.infer<typeof commonParamsSchema>;
