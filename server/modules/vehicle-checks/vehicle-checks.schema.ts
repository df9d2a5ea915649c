import { z } from "zod";
import type { CheckPreset } from "../../db/schema/driver-phone";

export const CHECK_PRESETS = ["lights", "tyres", "damage"] as const satisfies readonly CheckPreset[];

/** The list an organisation that never saved its own checks: lights, tyres, damage (with a photo when it fails). */
export const DEFAULT_CHECKLIST = [
  { preset: "lights", label: null, photo: false },
  { preset: "tyres", label: null, photo: false },
  { preset: "damage", label: null, photo: true },
] as const;

const label = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
  z.string().max(80).nullable(),
);

export const checklistItemSchema = z
  .object({
    preset: z.enum(CHECK_PRESETS).nullable().default(null),
    label: label.default(null),
    photo: z.boolean().default(false),
  })
  .refine((i) => i.preset !== null || i.label !== null, { message: "A label", path: ["label"] });

export const MAX_CHECK_ITEMS = 20;
/** The organisation's checklist as saved: at least one item, at most 20 (a short list, done in a minute). */
export const checklistInputSchema = z.object({
  items: z.array(checklistItemSchema).min(1).max(MAX_CHECK_ITEMS),
});
export type ChecklistInput = z.infer<typeof checklistInputSchema>;

export const NOTE_MAX = 500;
