import { request } from "node:http";
import type { AppContext } from "../../server/context";
import { uniqueEmail, type TestOrg } from "../support/context";
import { createUser } from "../support/factories";
import { decodeQuotedPrintable, type ReceivedMail } from "../support/smtp";

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** An active administrator of `org` with its own e-mail, password and language. */
export async function addUser(
  ctx: AppContext,
  org: TestOrg,
  opts: { language?: "al" | "en"; prefix?: string; email?: string } = {},
): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail(opts.prefix ?? "person");
  const password = "old-password-1";
  const user = await createUser(ctx, {
    org,
    role: "administrator",
    email,
    password,
    firstName: "Ana",
    lastName: "Test",
    language: opts.language ?? "en",
  });
  return { id: user.id, email, password };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

/** Subject and the text/plain part of a message as received by the test SMTP server. */
export function readMail(mail: ReceivedMail): { subject: string; text: string; html: string } {
  const { headers, body } = splitHead(mail.raw);
  const subject = decodeWords(headers.subject ?? "");
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!boundary) return { subject, text: decodeBody(headers, body), html: "" };
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith("--"))
    .map((p) => splitHead(p.replace(/^\r?\n/, "")));
  const part = (type: string) => {
    const found = parts.find((p) => (p.headers["content-type"] ?? "").toLowerCase().startsWith(type));
    return found ? decodeBody(found.headers, found.body) : "";
  };
  return { subject, text: part("text/plain"), html: part("text/html") };
}

export const codeFrom = (text: string) => /^\s*(\d{6})\s*$/m.exec(text)?.[1] ?? null;

/** Posts a form from a chosen loopback source address, so the server sees another client address. */
export function postFrom(
  localAddress: string,
  url: string,
  fields: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        localAddress,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
