import { z } from "zod";

export const loginSchema = z.object({
  email: z.string({ error: "errors.required" }).trim().min(1, "errors.required").email("errors.email"),
  password: z.string({ error: "errors.required" }).min(1, "errors.required"),
});

export const apiLoginSchema = loginSchema.extend({
  grant_type: z.literal("password", { error: "grant_type must be password" }),
  web_login: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .optional()
    .transform((v) => v === true || v === "true"),
});

export type LoginInput = z.infer<typeof loginSchema>;
