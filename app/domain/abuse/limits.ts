// Every rate limit of the site in one place (docs/decisions/0007-abuse-limits.md). Each
// counts hits per `key`:{subject} (a member id, an IP address or an e-mail address) in RateLimitHit
// over a sliding window, shared by all app processes. The numbers are meant to be out of reach of
// a real member and within reach of a script within minutes.
// Not here, because staff set them per site (Site columns): the login lock (loginMaxAttempts /
// loginBlockMinutes), reset mails per address per day (resetMailsPerDay), new conversations per
// hour and day, and the swipe game's likes per day.
//
// Per-address limits ("_PER_IP", the login's per-address ceiling) count an IPv6 address by its /64
// (addressSubject) and are sized for carrier-grade NAT (docs/decisions/0032-login-lockout.md),
// where one public IPv4 address serves many people at once. The basis of the numbers:
// - A public IPv4 address has about 64,000 ports. Carriers give each subscriber a block of 512 to
//   2,048 of them (30 to 120 subscribers per address), and mobile carriers allocating ports on
//   demand were measured sharing one address among hundreds to a few thousand subscribers (Richter
//   et al., "A Multi-perspective Analysis of Carrier-Grade NAT Deployment", IMC 2016). Sized here
//   for 2,000 subscribers behind one address.
// - Of those, generously 5% (100) are members of this site. Their sessions last 30 days, so a
//   member types the password on a new device or after logging out: at most about once a day.
// The other per-address limits below were checked against this: 100 members' resets, complaints,
// reports, geocodes and unsubscribes per hour stay well under their numbers.

export interface AbuseLimit {
  /** The RateLimitHit key prefix; the subject follows after a colon. */
  key: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Failed logins on all accounts together that one address (IPv6: /64) may make within
 * `loginBlockMinutes`, as a multiple of the site's `loginMaxAttempts` (100 with the default 5 in 15
 * minutes); beyond it the address waits, told so truthfully ("from your network"), not that an
 * account is blocked. Behind one carrier address (see above), 100 members logging in at most once
 * a day, with a sixth of a day's logins in the evening's busiest hour, make about 4 logins in 15
 * minutes: even if every one of them failed twice, 100 leaves more than ten times that. A script on
 * one address gets 100 checked guesses per 15 minutes, at most `loginMaxAttempts` per account.
 * Counted in LoginAttempt.
 */
export const LOGIN_FAILURES_PER_IP_FACTOR = 20;

/**
 * Failed logins on one account from all addresses together within `loginBlockMinutes`, as a
 * multiple of the site's `loginMaxAttempts` (50 with the default 5): reaching it blocks the account
 * for `loginBlockMinutes` everywhere (a password reset lifts it). The member's own mistakes stop at
 * `loginMaxAttempts` per address, so only guessing from ten or more addresses gets here; a slow
 * guesser spread over many addresses is held to about 100 guesses an hour.
 */
export const LOGIN_FAILURES_PER_ACCOUNT_FACTOR = 10;

/**
 * Accounts one address may create per hour. Even a national campaign's hour of 5,000 signups, all
 * on mobile, gives about 1.5 per address (2,000 of a carrier's 7 million subscribers); 30 leaves
 * room for a crowd on one network (an event's Wi-Fi, a campus). A script gets 720 accounts a day
 * per address, each needing its own mailbox to be activated.
 */
export const SIGNUPS_PER_IP: AbuseLimit = { key: "signup:ip", limit: 30, windowMs: HOUR };

/**
 * Signup attempts one address may make per hour that get as far as looking the address up: the
 * answer says whether an address has an account, so a script must not ask it for a list of
 * addresses. Twice the signups (every signup is one, mistyped and already-known addresses too).
 */
export const SIGNUP_ADDRESS_CHECKS_PER_IP: AbuseLimit = { key: "signup-check:ip", limit: 60, windowMs: HOUR };

/** Activation mails (resends and corrected addresses) one member may ask for per hour. */
export const ACTIVATION_MAILS_PER_MEMBER: AbuseLimit = {
  key: "activation-mail:user",
  limit: 3,
  windowMs: HOUR,
};

/**
 * Reactivation mails a deleted account gets per hour from logging in with its right password: each
 * login sends a fresh link, and a member retrying (or a login kept open in several tabs) stays
 * within 3, like the activation mails; past it the page says the last link is still on its way.
 */
export const REACTIVATION_MAILS_PER_MEMBER: AbuseLimit = {
  key: "reactivation-mail:user",
  limit: 3,
  windowMs: HOUR,
};

/** Activation mails one address may ask for per hour, over all its accounts: one for each signup it may make. */
export const ACTIVATION_MAILS_PER_IP: AbuseLimit = { key: "activation-mail:ip", limit: 30, windowMs: HOUR };

/** Reset requests one IP may make per hour, whatever the address (stops address probing and mail bombing). */
export const RESET_REQUESTS_PER_IP: AbuseLimit = { key: "reset-ip", limit: 30, windowMs: HOUR };

/** Complaints (the form and reported messages) one IP may send per hour. */
export const COMPLAINTS_PER_IP: AbuseLimit = { key: "complaint:ip", limit: 5, windowMs: HOUR };

/**
 * Chat messages reported from one IP per hour. Only members report messages, and they are limited
 * per account; many members can share one address (mobile carriers, offices), so this only stops
 * one person reporting through many accounts.
 */
export const REPORTS_PER_IP: AbuseLimit = { key: "report:ip", limit: 30, windowMs: HOUR };

/** Complaints one member may send per hour (the form while logged in and reported messages together). */
export const COMPLAINTS_PER_MEMBER: AbuseLimit = { key: "complaint:user", limit: 5, windowMs: HOUR };

/**
 * Complaints naming one sender address per hour: each is acknowledged by mail to that address, so
 * this keeps the form from mail-bombing someone from many IPs. Someone reporting a series of fake
 * profiles in one sitting stays below.
 */
export const COMPLAINTS_PER_ADDRESS: AbuseLimit = { key: "complaint:mail", limit: 10, windowMs: HOUR };

/**
 * Ban appeals sent from the login page by one address (IPv6: /64) per hour, whatever the answer
 * (docs/product.md, Appeals). Each checks a password, so the form must not become a way round the
 * login lock: 10 an hour is a fifth of what the login lets one address check per account. A banned
 * member appeals once per ban; 100 members behind one carrier address never meet it.
 */
export const BAN_APPEALS_PER_IP: AbuseLimit = { key: "ban-appeal:ip", limit: 10, windowMs: HOUR };

/**
 * Ban appeals naming one e-mail address per hour, from anywhere: 3 leave room for a mistyped
 * password, and a guesser spread over many addresses gets 72 guesses a day at one account.
 */
export const BAN_APPEALS_PER_ADDRESS: AbuseLimit = { key: "ban-appeal:mail", limit: 3, windowMs: HOUR };

/**
 * Likes one member may give per hour (profile buttons and the swipe game together). A member
 * liking every profile of a few search pages gives well under a hundred; each like mails and
 * pushes the liked member, so a script must stop early.
 */
export const LIKES_PER_MEMBER: AbuseLimit = { key: "like:user", limit: 200, windowMs: HOUR };

/**
 * Messages (texts, gifts, photos) one member may send per minute: a message a second is beyond
 * anyone typing, even short replies in several chats at once.
 */
const MESSAGES_PER_MEMBER_PER_MINUTE: AbuseLimit = {
  key: "message:user",
  limit: 60,
  windowMs: MINUTE,
};

/**
 * Messages one member may send per hour: an evening of chatting in several conversations at once
 * stays below (and each message costs credits, so a spammer pays too).
 */
const MESSAGES_PER_MEMBER_PER_HOUR: AbuseLimit = { key: "message:user", limit: 300, windowMs: HOUR };

/** Both message limits, checked together (one key, one statement). */
export const MESSAGES_PER_MEMBER = [MESSAGES_PER_MEMBER_PER_MINUTE, MESSAGES_PER_MEMBER_PER_HOUR] as const;

/**
 * Profile photo uploads one member (counted by profile id) may make per hour: a premium member fills all 25 places with a
 * few retries; every upload is decoded and re-encoded (CPU) and stored.
 */
export const PHOTO_UPLOADS_PER_MEMBER: AbuseLimit = {
  key: "photo-upload:profile",
  limit: 40,
  windowMs: HOUR,
};

/** Photos one member may upload into chats per hour (each decoded, re-encoded and stored). */
export const CHAT_PHOTO_UPLOADS_PER_MEMBER: AbuseLimit = {
  key: "chat-photo-upload:user",
  limit: 30,
  windowMs: HOUR,
};

/**
 * Payments one member may start per 10 minutes (checkout and repeat orders): a buyer trying a few
 * methods or banks stays below; each one is a payment created at Mollie.
 */
export const PAYMENTS_PER_MEMBER: AbuseLimit = { key: "payment:user", limit: 10, windowMs: 10 * MINUTE };

/** Direct-debit SMS codes one member may ask for per hour (each is a paid text message). */
export const DIRECT_DEBIT_CODES_PER_MEMBER: AbuseLimit = { key: "directdebit:sms", limit: 5, windowMs: HOUR };

/**
 * Direct-debit SMS codes one IP may ask for per hour, over all its accounts: a household or office
 * (or a mobile carrier's shared address) has a few members paying at once; SMS pumping through
 * many throw-away accounts from one address stops here.
 */
export const DIRECT_DEBIT_CODES_PER_IP: AbuseLimit = { key: "directdebit:sms:ip", limit: 20, windowMs: HOUR };

/**
 * Direct-debit SMS codes one phone number may receive per hour, whoever asks: as many as its own
 * member may ask for; more means several accounts texting one (premium-rate) number.
 */
export const DIRECT_DEBIT_CODES_PER_NUMBER: AbuseLimit = {
  key: "directdebit:sms:number",
  limit: 5,
  windowMs: HOUR,
};

/**
 * Direct-debit SMS codes one site may send per hour. A site's busiest hour of direct-debit orders
 * is a few dozen codes; pumping through many accounts, addresses and numbers is hundreds. Above
 * the cap direct debit is refused (members are sent to the other methods), which bounds what one
 * hour of pumping costs.
 */
export const DIRECT_DEBIT_CODES_PER_SITE: AbuseLimit = {
  key: "directdebit:sms:site",
  limit: 200,
  windowMs: HOUR,
};

/**
 * A site's usual direct-debit SMS codes per hour, well below the cap: each code beyond it is sent
 * but logged as a `warn` line ("direct debit sms rate unusual"), an alert to look before the cap
 * refuses real members. Counted as a limit of its own (used up = unusual), so no count is read.
 */
export const DIRECT_DEBIT_CODES_USUAL_PER_SITE: AbuseLimit = {
  key: "directdebit:sms:site-usual",
  limit: 60,
  windowMs: HOUR,
};

/**
 * Discount code lookups that find nothing ("Code niet gevonden"), per member per hour (the JSON
 * call and the checkout's code field together). A member mistypes a code a few times; a script
 * guessing codes needs thousands. Lookups that find a code are not counted.
 */
export const DISCOUNT_CODE_FAILURES_PER_MEMBER: AbuseLimit = {
  key: "discount-code:user",
  limit: 10,
  windowMs: HOUR,
};

/**
 * Discount code lookups that find nothing, per IP per hour, over all its accounts: a few members
 * behind one address mistyping codes stay below; guessing through many accounts stops here.
 */
export const DISCOUNT_CODE_FAILURES_PER_IP: AbuseLimit = {
  key: "discount-code:ip",
  limit: 30,
  windowMs: HOUR,
};

/**
 * Push subscriptions one member may store per hour (`POST /api/user.php?push=1`). A browser stores
 * one when push is turned on, a few more when the member tries again; each device stored is pushed
 * to for every message and like the member gets.
 */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER: AbuseLimit = {
  key: "push-subscription:user",
  limit: 20,
  windowMs: HOUR,
};

/** Reverse geocoding calls one IP may make per minute (the profile form asks once per location). */
export const GEOCODES_PER_IP: AbuseLimit = { key: "geocode", limit: 60, windowMs: MINUTE };

/**
 * Unsubscribe links of erased accounts one IP may follow per hour: it stops a script replaying
 * harvested links. Forged ones are refused by their signature without the database, and genuine
 * links of existing accounts are never limited: mail providers send the one-click unsubscribes of
 * many members from a few servers, and repeating one changes nothing.
 */
export const UNSUBSCRIBES_PER_IP: AbuseLimit = { key: "unsubscribe:ip", limit: 200, windowMs: HOUR };

/** Password tries one member may make when deleting the account, per hour. */
export const ACCOUNT_DELETE_TRIES_PER_MEMBER: AbuseLimit = {
  key: "delete-account:user",
  limit: 10,
  windowMs: HOUR,
};

/** Checks of the current password (password and e-mail change) one account may make per 15 minutes. */
export const PASSWORD_CHECKS_PER_MEMBER: AbuseLimit = {
  key: "password-check",
  limit: 10,
  windowMs: 15 * MINUTE,
};

/** Confirmation mails one member may have sent to new addresses per day. */
export const EMAIL_CHANGE_MAILS_PER_MEMBER: AbuseLimit = { key: "change-email", limit: 5, windowMs: DAY };
