/** Calls `handle` for every item, at most `concurrency` at a time; resolves when all are done. */
export async function eachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  handle: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await handle(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}
