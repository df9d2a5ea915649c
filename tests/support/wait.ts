export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the predicate holds (for events that have no promise to await). */
export async function waitFor(
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  everyMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(everyMs);
  }
}
