/**
 * Tracking data from the landing URL, kept in storage and stored with the account.
 * `campaign` is the token of the campaign link (`/{token}`) that sent the visitor to a lander.
 */
const TRACKING_KEYS = ["network", "ref", "sub1", "sub2", "sub3", "campaign"] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type Tracking = Partial<Record<TrackingKey, string>>;

const MAX_LENGTH = 100;

function clean(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  // Printable characters only, trimmed and capped: these values end up in reports.
  const printable = [...value].filter((c) => c >= " " && c !== "\u007f").join("");
  const trimmed = printable.trim().slice(0, MAX_LENGTH);
  return trimmed === "" ? undefined : trimmed;
}

/** The tracking values among what `get` finds: known keys only, printable, trimmed and capped. */
export function pickTracking(get: (key: TrackingKey) => unknown): Tracking {
  const tracking: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const value = clean(get(key));
    if (value !== undefined) tracking[key] = value;
  }
  return tracking;
}

/** A traffic source is present when the visitor arrived through a network or a referrer code. */
export function hasTrafficSource(tracking: Tracking): boolean {
  return Boolean(tracking.network || tracking.ref);
}
