import { redirect } from "react-router";
import { LANGUAGE_COOKIE, serializeCookie } from "../../../server/security/cookies";
import {
  passwordChangeSchema,
  profileInputSchema,
  changePassword,
  getProfile,
  updateProfile,
  usesDefaultPassword,
} from "../../../server/modules/users";
import { formAction, intent } from "../../lib/forms.server";
import { load, requireUser, type LoadContext } from "../../lib/route-kit.server";

export async function profileLoader(request: Request, context: LoadContext) {
  const p = requireUser(context, request);
  const [u, defaultPassword] = await Promise.all([
    load(() => getProfile(context.app, p)),
    usesDefaultPassword(context.app, p),
  ]);
  return {
    values: {
      first_name: u.first_name,
      middle_name: u.middle_name,
      last_name: u.last_name,
      phone: u.phone,
      default_language: u.default_language,
    } as Record<string, unknown>,
    email: u.email,
    role: p.role.name,
    defaultPassword,
  };
}

export async function profileAction(request: Request, context: LoadContext) {
  const p = requireUser(context, request);
  // The details form posts intent=profile, which this page answers as its "save".
  return formAction(
    { request, context },
    {
      save: intent({
        schema: profileInputSchema,
        run: async ({ value }) => {
          await updateProfile(context.app, p, value);
          const cookie = serializeCookie(LANGUAGE_COOKIE, value.default_language, {
            secure: context.app.config.secureCookies,
            maxAge: 365 * 86400,
            httpOnly: false,
          });
          return redirect("/configuration/profile?saved=1", { headers: { "Set-Cookie": cookie } });
        },
      }),
      password: intent({
        schema: passwordChangeSchema,
        hideFields: ["current_password", "new_password", "confirm_password"],
        run: async ({ value }) => {
          await changePassword(context.app, p, value);
          return redirect("/configuration/profile?password=1");
        },
      }),
    },
  );
}
