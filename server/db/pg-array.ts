/**
 * PostgreSQL array literals built with one `join`, for statements that send thousands of array elements (the
 * position pipeline's state update). The pg driver's own array escaping quotes every element through two regular
 * expressions and grows the literal by concatenation; for plain numbers, booleans, uuids and ISO times no quoting is
 * needed at all. Pass the result as a text parameter with the array cast (`${x}::float8[]`).
 */

const literal = (items: string[]) => `{${items.join(",")}}`;

/** Numbers (NaN and ±Infinity are valid float input); null → NULL. */
export const numberArray = (values: ReadonlyArray<number | null>): string =>
  literal(values.map((v) => (v === null ? "NULL" : String(v))));

export const booleanArray = (values: ReadonlyArray<boolean | null>): string =>
  literal(values.map((v) => (v === null ? "NULL" : v ? "t" : "f")));

/** Values whose text needs no quoting: uuids and ISO 8601 times (digits, letters, '-', ':', '.'); null → NULL. */
export const plainArray = (values: ReadonlyArray<string | null>): string => {
  for (const v of values)
    if (v !== null && !/^[0-9A-Za-z:.+-]+$/.test(v)) throw new Error(`not a plain array element: ${JSON.stringify(v)}`);
  return literal(values.map((v) => (v === null ? "NULL" : v)));
};

/** Any text, each element quoted with its backslashes and double quotes escaped; null → NULL. */
export const textArray = (values: ReadonlyArray<string | null>): string =>
  literal(values.map((v) => (v === null ? "NULL" : `"${v.replace(/[\\"]/g, "\\$&")}"`)));
