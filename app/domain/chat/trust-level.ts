// How far the site trusts a member who starts conversations (docs/product.md, Trust and first
// contact; docs/decisions/0062-trust-and-first-contact.md). Scammers open fresh accounts with
// someone else's photos, write to as many members as the credits allow and move them off the site
// with a link or a phone number. So first contact is slowed for accounts that show none of what real
// members soon have: an approved photo, a purchase, members who answer them. Pure: the facts come
// from the send's one facts statement (send-message.server.ts).

const DAY = 86_400_000;

/** Lowest first. Each level's limits are in TRUST_LIMITS. */
export const TRUST_LEVELS = ["reported", "new", "known", "trusted"] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** What the site knows about the member, read together with the rest of a send's facts. */
export interface TrustFacts {
  /** E-mail address confirmed. */
  confirmed: boolean;
  signupDate: Date;
  /** A paid purchase whose money did not all go back (User.paidUser). */
  paid: boolean;
  /** At least one approved (active) profile photo, public or private. */
  approvedPhoto: boolean;
  /** Conversations the member started in which the other member wrote back (counted up to 3). */
  repliesReceived: number;
  /**
   * Different members who reported the member's messages in the last 30 days, since staff last
   * decided on their reports.
   */
  reporters: number;
}

/** Reports from this many different members (30 days) lower any member to `reported`. */
export const REPORTERS_FOR_REPORTED = 2;
/** Account age from which purchases and answers can make a member `trusted`. */
export const TRUSTED_AFTER_DAYS = 7;
/** Conversations answered that make an account of TRUSTED_AFTER_DAYS `trusted` without a purchase. */
export const REPLIES_FOR_TRUSTED = 3;

/**
 * - `reported`: 2+ different members reported their messages (30 days), whatever else holds.
 * - `trusted`: confirmed, at least 7 days old, and a purchase or 3 conversations answered.
 * - `known`: confirmed, with a purchase, an approved photo or one conversation answered.
 * - `new`: everyone else (a new account without photo, purchase or answer).
 * Age alone lifts nobody: a week-old account nobody answered looks like a new one.
 */
export function trustLevel(facts: TrustFacts, now: Date): TrustLevel {
  if (facts.reporters >= REPORTERS_FOR_REPORTED) return "reported";
  if (!facts.confirmed) return "new";
  const ageDays = (now.getTime() - facts.signupDate.getTime()) / DAY;
  if (ageDays >= TRUSTED_AFTER_DAYS && (facts.paid || facts.repliesReceived >= REPLIES_FOR_TRUSTED)) {
    return "trusted";
  }
  if (facts.paid || facts.approvedPhoto || facts.repliesReceived >= 1) return "known";
  return "new";
}

/**
 * Per level: new conversations a member may start per 24 hours (null: only the site's own limits,
 * docs/product.md Chat), and whether first messages may carry links, e-mail addresses or phone
 * numbers before the other member answered. Comes on top of the free members' 2 conversations and
 * the site's hourly and daily numbers: the smaller limit applies.
 */
export const TRUST_LIMITS: Record<
  TrustLevel,
  { conversationsPerDay: number | null; contactDetails: boolean }
> = {
  reported: { conversationsPerDay: 1, contactDetails: false },
  new: { conversationsPerDay: 3, contactDetails: false },
  known: { conversationsPerDay: 10, contactDetails: true },
  trusted: { conversationsPerDay: null, contactDetails: true },
};

/** The refusal of a new conversation beyond the level's daily number (its message names the level). */
export const TRUST_LIMIT_REFUSALS = {
  reported: "trustLimitReported",
  new: "trustLimitNew",
  known: "trustLimitKnown",
} as const satisfies Partial<Record<TrustLevel, string>>;
