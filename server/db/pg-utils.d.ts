// pg's own parameter conversion (arrays to array literals, dates, JSON), used for the statements copy-from.ts sends itself.
declare module "pg/lib/utils.js" {
  export function prepareValue(value: unknown): unknown;
}
