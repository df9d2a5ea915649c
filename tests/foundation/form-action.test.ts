import { describe, expect, it } from "vitest";
import { z } from "zod";
import { failureFields, failureValues, formFailure } from "../../app/lib/form-failure";
import { formAction, intent } from "../../app/lib/forms.server";
import type { LoadContext } from "../../app/lib/route-kit.server";
import { AppError } from "../../server/errors";

// formAction is the one way a form page answers: these pin the FormFailure every screen translates.
const context = { csrfToken: "csrf-1" } as LoadContext;
const post = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams({ _csrf: "csrf-1" });
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return new Request("http://flota.test/form", { method: "POST", body });
};
const schema = z.object({
  name: z.string().min(1, "errors.required"),
  password: z.string().min(8, "errors.passwordLength"),
});
/** `data()` answers: the body and the status. */
const unwrap = (answer: unknown) => answer as { data: unknown; init: { status: number } };

describe("formAction", () => {
  it("answers a failed parse with 400, VALIDATION, the field errors and the typed values without hidden fields", async () => {
    const answer = unwrap(
      await formAction(
        { request: post({ name: "", password: "short", city: "Vlorë" }), context },
        {
          save: intent({ schema, hideFields: ["password"], run: async () => "saved" }),
        },
      ),
    );
    expect(answer.init.status).toBe(400);
    const failure = formFailure(answer.data);
    expect(failure).toMatchObject({ ok: false, intent: "save", code: "VALIDATION", status: 400 });
    expect(failureFields(failure)).toEqual({ name: ["errors.required"], password: ["errors.passwordLength"] });
    expect(failureValues(failure)).toMatchObject({ city: "Vlorë" });
    expect(failureValues(failure)).not.toHaveProperty("password");
  });

  it("runs the posted intent with the parsed value, and 'save' for a form naming none or an unknown one", async () => {
    const seen: string[] = [];
    const intents = {
      save: intent({
        schema,
        run: async ({ value }) => {
          seen.push(`save:${value.name}`);
          return "ok";
        },
      }),
      delete: intent({
        run: async () => {
          seen.push("delete");
          return "ok";
        },
      }),
    };
    await formAction({ request: post({ name: "A", password: "long-enough" }), context }, intents);
    await formAction({ request: post({ intent: "delete" }), context }, intents);
    await formAction({ request: post({ intent: "other", name: "B", password: "long-enough" }), context }, intents);
    await formAction({ request: post({ intent: "toString", name: "C", password: "long-enough" }), context }, intents);
    expect(seen).toEqual(["save:A", "delete", "save:B", "save:C"]);
  });

  it("shows a service refusal's code, beside the field it names, for the button that failed", async () => {
    const answer = unwrap(
      await formAction(
        { request: post({ intent: "delete" }), context },
        {
          delete: intent({
            run: async () => {
              throw new AppError("TEAM_IN_USE", "in use", { field: "name" });
            },
          }),
        },
      ),
    );
    const failure = formFailure(answer.data, "delete");
    expect(failure).toMatchObject({ code: "TEAM_IN_USE", status: answer.init.status });
    expect(failureFields(failure)).toEqual({ name: ["errors.TEAM_IN_USE"] });
    expect(formFailure(answer.data, "save")).toBeNull();
  });

  it("turns NOT_FOUND into the 404 page and refuses a form without the CSRF token", async () => {
    const notFound = formAction(
      { request: post({}), context },
      {
        save: intent({
          run: async () => {
            throw new AppError("NOT_FOUND");
          },
        }),
      },
    );
    await expect(notFound).rejects.toMatchObject({ data: { error: "NOT_FOUND" }, init: { status: 404 } });
    const forged = new Request("http://flota.test/form", {
      method: "POST",
      body: new URLSearchParams({ _csrf: "wrong" }),
    });
    await expect(
      formAction({ request: forged, context }, { save: intent({ run: async () => "never" }) }),
    ).rejects.toMatchObject({ init: { status: 403 } });
  });
});
