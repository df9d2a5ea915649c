import { AppError } from "../../server/errors";

/**
 * What a service call came to, as one string a test can compare: "OK", an AppError's code, or a zod
 * refusal as "path:message" per issue ("latitude:errors.range,name:errors.required").
 */
export async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "OK";
  } catch (e) {
    if (e instanceof AppError) return e.code;
    const issues = (e as { issues?: Array<{ path: PropertyKey[]; message: string }> }).issues;
    if (issues) return issues.map((i) => `${i.path.map(String).join(".")}:${i.message}`).join(",");
    throw e;
  }
}
