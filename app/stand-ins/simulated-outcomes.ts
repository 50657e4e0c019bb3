/** Statuses the payer can pick on the Mollie simulator's checkout page. */
export const SIMULATED_OUTCOMES = ["paid", "failed", "canceled", "expired", "open"] as const;
export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number];
