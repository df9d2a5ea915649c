/**
 * Writes a value into an uncontrolled input as if the person had typed it: React's onChange, Conform's
 * validation and the unsaved-changes guard all hear about it.
 */
export function setInputValue(input: HTMLInputElement, value: string): void {
  if (input.value === value) return;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  if (setter) setter.call(input, value);
  else input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
}

/** The browser's own zone, for "today" when a field is not told the organisation's. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
