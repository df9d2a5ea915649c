import { z } from "zod";
import { optionalText, requiredText } from "../shared/form-values";

export const teamInputSchema = z.object({
  name: requiredText(80),
  description: optionalText(500),
});
export type TeamInput = z.infer<typeof teamInputSchema>;
