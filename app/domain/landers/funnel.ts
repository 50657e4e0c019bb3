// What the funnel report (/staff/funnel) shows, shared by the server and the page.

/** The traffic-source dimensions a report can be broken down by. */
export const FUNNEL_DIMENSIONS = ["lander", "campaign", "network", "sub1"] as const;
export type FunnelDimension = (typeof FUNNEL_DIMENSIONS)[number];

/** A grouping is one dimension, or all four together ("detail"). */
export const FUNNEL_GROUPINGS = [...FUNNEL_DIMENSIONS, "detail"] as const;
export type FunnelGrouping = (typeof FUNNEL_GROUPINGS)[number];

export function dimensionsOf(grouping: FunnelGrouping): FunnelDimension[] {
  return grouping === "detail" ? [...FUNNEL_DIMENSIONS] : [grouping];
}

/** Days the report covers by default (today included), and at most. */
export const DEFAULT_PERIOD_DAYS = 7;
export const MAX_PERIOD_DAYS = 400;

export interface Revenue {
  currency: string;
  cents: number;
}

export interface FunnelCounts {
  visits: number;
  bounces: number;
  signups: number;
  confirmed: number;
  firstPurchases: number;
  /** Paid payments per currency, largest first. */
  revenue: Revenue[];
}

export interface FunnelRow extends FunnelCounts {
  /** The group's value per dimension of the grouping; null where the visit or member had none. */
  keys: Partial<Record<FunnelDimension, string | null>>;
}

export interface FunnelReport {
  /** The period as calendar days in the site's time zone (YYYY-MM-DD, both included). */
  from: string;
  to: string;
  timeZone: string;
  grouping: FunnelGrouping;
  dimensions: FunnelDimension[];
  rows: FunnelRow[];
  totals: FunnelCounts;
  /** Every currency that occurs, for the CSV's revenue columns. */
  currencies: string[];
}
