// The staff member lookup's one search box (docs/product.md, Staff): what the typed text is taken
// for is guessed from its form, so staff need not choose a field first.
import { MAX_ROW_ID } from "~/lib/row-id";

/** Parts of addresses and names need this many characters: a trigram index serves nothing shorter. */
export const MEMBER_SEARCH_MIN_PART = 3;
/** The longest text the box takes (an e-mail address's maximum). */
export const MEMBER_SEARCH_MAX = 254;
/** Members per page of results. */
export const MEMBER_SEARCH_PAGE_SIZE = 25;
/** A phone number is matched on its last digits: the national trunk 0 or the country code before them differ. */
const PHONE_TAIL_DIGITS = 9;
/** Fewer digits than this say too little of an IBAN or a phone number to search them. */
const MIN_TAIL_DIGITS = 4;

export type MemberSearch =
  /** Digits only: a member (or profile) id, the end of an IBAN, or a phone number. */
  | { kind: "digits"; id: number | null; ibanTail: string | null; phoneTail: string | null }
  /** A Mollie payment id (`tr_…`). */
  | { kind: "payment"; molliePaymentId: string }
  /** A whole IBAN (letters and digits, spaces left out). */
  | { kind: "iban"; iban: string }
  /** An address or part of one (has an `@`). */
  | { kind: "email"; text: string }
  /** Part of a profile name or an address. */
  | { kind: "text"; text: string };

export type MemberSearchError = "tooShort" | "tooLong";

/** What the search box's text asks for, or why it cannot be searched. */
export function parseMemberSearch(
  input: string,
): { ok: true; search: MemberSearch } | { ok: false; error: MemberSearchError } {
  const q = input.trim();
  if (q.length > MEMBER_SEARCH_MAX) return { ok: false, error: "tooLong" };
  const compact = q.replace(/[\s().-]/g, "");
  // A phone number as people write it: "+31 6 1234 5678", "06-12345678".
  const digits = /^\+?\d+$/.test(compact) ? compact.replace(/^\+/, "") : null;
  if (digits) {
    const number = compact.startsWith("+") ? NaN : Number(digits);
    const id = Number.isSafeInteger(number) && number > 0 && number <= MAX_ROW_ID ? number : null;
    const tail = digits.length >= MIN_TAIL_DIGITS;
    return {
      ok: true,
      search: {
        kind: "digits",
        id,
        ibanTail: tail && !compact.startsWith("+") ? digits : null,
        phoneTail: tail ? digits.slice(-PHONE_TAIL_DIGITS) : null,
      },
    };
  }
  if (/^tr_[A-Za-z0-9]+$/.test(q)) return { ok: true, search: { kind: "payment", molliePaymentId: q } };
  if (/^[A-Za-z]{2}\d{2}[A-Za-z0-9]{10,30}$/.test(compact)) {
    return { ok: true, search: { kind: "iban", iban: compact.toUpperCase() } };
  }
  if (q.length < MEMBER_SEARCH_MIN_PART) return { ok: false, error: "tooShort" };
  const text = q.toLowerCase();
  return { ok: true, search: q.includes("@") ? { kind: "email", text } : { kind: "text", text } };
}
