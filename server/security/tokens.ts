import { createHash, randomBytes, randomInt } from "node:crypto";

export const newToken = (bytes = 32) => randomBytes(bytes).toString("base64url");
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
export const newNumericCode = (digits = 6) => String(randomInt(0, 10 ** digits)).padStart(digits, "0");
