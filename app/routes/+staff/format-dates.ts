/** `T` with every date as the text the page shows. */
export type DatesFormatted<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? DatesFormatted<U>[]
    : T extends object
      ? { [K in keyof T]: DatesFormatted<T[K]> }
      : T;

/**
 * Formats every date in a loader's data with `format`, on the server: staff pages show times in
 * the site's time zone and the reader's language, and the browser's own formatting could differ
 * from the server's (another ICU version) and so break hydration.
 */
export function formatDates<T>(value: T, format: (date: Date) => string): DatesFormatted<T> {
  if (value instanceof Date) return format(value) as DatesFormatted<T>;
  if (Array.isArray(value)) return value.map((item) => formatDates(item, format)) as DatesFormatted<T>;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, formatDates(item, format)]),
    ) as DatesFormatted<T>;
  }
  return value as DatesFormatted<T>;
}
