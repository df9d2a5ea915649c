import { createInstance } from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGE_COOKIE, parseCookies } from "../../server/security/cookies";
import { DEFAULT_LANGUAGE, i18nOptions, isLanguage, type Language } from "./config";

/** Language of a request: ?lng, then the lng cookie, then the signed-in user's default_language, then Albanian. */
export function resolveLanguage(request: Request, userLanguage?: Language | null): Language {
  const fromQuery = new URL(request.url).searchParams.get("lng");
  if (isLanguage(fromQuery)) return fromQuery;
  const fromCookie = parseCookies(request.headers.get("Cookie"))[LANGUAGE_COOKIE];
  if (isLanguage(fromCookie)) return fromCookie;
  return userLanguage ?? DEFAULT_LANGUAGE;
}

export async function createI18n(lng: Language) {
  const instance = createInstance();
  await instance.use(initReactI18next).init({ ...i18nOptions, lng });
  return instance;
}

export async function getFixedT(lng: Language, ns: string | string[] = "common") {
  const instance = await createI18n(lng);
  return instance.getFixedT(lng, ns);
}
