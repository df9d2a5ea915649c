import { z } from "zod";
import { flag, requiredInt, uuidList } from "../../shared/form-values";
import { SCHEDULE_RANGES } from "./schedule-timing";

/** the time ranges a schedule may send (the form's choice) */
export { SCHEDULE_RANGES };

const emails = z.preprocess(
  // one address per line or comma, compared without case, each once
  (v) => {
    const list = typeof v === "string" ? v.split(/[\s,;]+/) : Array.isArray(v) ? v : (v ?? []);
    return Array.isArray(list)
      ? [...new Set(list.map((e) => (typeof e === "string" ? e.trim().toLowerCase() : e)).filter((e) => e !== ""))]
      : list;
  },
  z.array(z.email({ error: "errors.email" })).max(50),
);

/** A report e-mail schedule (spec section 3, "Notification"), from the form or the API. */
export const scheduleInputSchema = z
  .object({
    name: z.string({ error: "errors.required" }).trim().min(1, "errors.required").max(120),
    report_type: z.string({ error: "errors.required" }).min(1, "errors.required"),
    hour: requiredInt(0, 23),
    time_range: z.enum(SCHEDULE_RANGES, { error: "errors.required" }),
    interval: z.enum(["daily", "weekly", "monthly"], { error: "errors.required" }),
    weekday: z.preprocess((v) => (v === "" || v === null ? undefined : v), requiredInt(0, 6).optional()),
    month_day: z.preprocess((v) => (v === "" || v === null ? undefined : v), requiredInt(1, 28).optional()),
    vehicle_ids: uuidList(),
    team_ids: uuidList(),
    driver_ids: uuidList(),
    user_ids: uuidList(),
    emails,
    active: flag(true),
  })
  .superRefine((v, ctx) => {
    // spec section 5: at least one e-mail must be chosen for e-mail notifications
    if (!v.user_ids.length && !v.emails.length)
      ctx.addIssue({ code: "custom", path: ["emails"], message: "errors.EMAIL_RECIPIENT_REQUIRED" });
    if (v.interval === "weekly" && v.weekday === undefined)
      ctx.addIssue({ code: "custom", path: ["weekday"], message: "errors.required" });
    if (v.interval === "monthly" && v.month_day === undefined)
      ctx.addIssue({ code: "custom", path: ["month_day"], message: "errors.required" });
  });
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;
