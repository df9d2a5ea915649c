/** The organisation form's fields and their input types (the page draws them, the glue reads their values). */
export const FIELDS = [
  ["name", "text"],
  ["legal_name", "text"],
  ["business_number", "text"],
  ["fiscal_number", "text"],
  ["country", "text"],
  ["province", "text"],
  ["region", "text"],
  ["city", "text"],
  ["postal_code", "text"],
  ["address", "text"],
  ["phone", "tel"],
  ["email", "email"],
] as const;
