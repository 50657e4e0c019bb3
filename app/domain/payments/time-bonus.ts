/**
 * The time bonus (docs/product.md, Credits and payments): a logged-in member who has never paid
 * gets 25% off the first purchase (code TIMEBONUS25) for 14,400 s after signing up. Pure rules,
 * shared by server and browser.
 */
export const TIME_BONUS_CODE = "TIMEBONUS25";
export const TIME_BONUS_PERCENT = 25;
const TIME_BONUS_SECONDS = 14_400;
/** The time-bonus modal shows this long after entering the members area. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
/** The countdown ticks once a second. */
export const COUNTDOWN_TICK_MS = 1000;

interface TimeBonusBuyer {
  paidUser: boolean;
  signupDate: Date | null;
}

/** When the bonus of a member who signed up at `signupDate` ends. */
export function timeBonusEndsAt(signupDate: Date): Date {
  return new Date(signupDate.getTime() + TIME_BONUS_SECONDS * 1000);
}

/**
 * Whole seconds of time bonus left (rounded up, at most 14,400); 0 when there is none: the member
 * paid before, has no signup date, or signed up 14,400 s ago or longer.
 */
export function timeBonusSecondsLeft(buyer: TimeBonusBuyer, now: Date): number {
  if (buyer.paidUser || !buyer.signupDate) return 0;
  const msLeft = timeBonusEndsAt(buyer.signupDate).getTime() - now.getTime();
  if (!(msLeft > 0)) return 0;
  return Math.min(TIME_BONUS_SECONDS, Math.ceil(msLeft / 1000));
}

/** The time bonus as the pages show it: when it ends, how long is left, whether the modal was closed. */
interface TimeBonusState {
  endsAt: Date;
  secondsLeft: number;
  dismissed: boolean;
}

/** Null when the member has no time bonus (the session's user carries all it needs). */
export function timeBonusState(
  user: { paidUser: boolean; signupDate: Date | null; timeBonusDismissedAt: Date | null },
  now = new Date(),
): TimeBonusState | null {
  const secondsLeft = timeBonusSecondsLeft(user, now);
  if (secondsLeft === 0 || !user.signupDate) return null;
  return { endsAt: timeBonusEndsAt(user.signupDate), secondsLeft, dismissed: !!user.timeBonusDismissedAt };
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** A countdown as zero-padded hours, minutes and seconds: 3:59:07 left shows as "03:59:07". */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(total % 60)}`;
}

/**
 * The members area (docs/product.md, Search and the members area): the routes members, members-id,
 * chats, likes, likes-m-id and premium, by their paths (/members, /members/{id}, /chats, /likes,
 * /likes/m/{id}, /premium).
 */
export function isMembersArea(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return /^\/(members(\/[^/]+)?|chats|likes(\/m\/[^/]+)?|premium)$/.test(path);
}
