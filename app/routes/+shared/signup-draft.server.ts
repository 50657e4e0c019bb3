import { createCookie } from "react-router";
import { secureCookies } from "~/lib/cookies.server";
import { sessionSecret } from "~/lib/env.server";

/**
 * What a visitor typed in the signup steps so far (docs/product.md, Accounts), kept between the
 * steps' posts in a signed cookie: any server reads it, no one can change it unnoticed, and the
 * final step checks every value again before the account is made. Never the password (it is typed
 * in the last step and posted once) nor the terms consent (given with the last step's post).
 */
export const DRAFT_FIELDS = [
  "gender",
  "seeking_gender",
  "date_of_birth",
  "place",
  "place_id",
  "email",
  "name",
  "signup_message",
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];
export type DraftValues = Partial<Record<DraftField, string>>;

/** Where a new member goes after the account step: the matches step, or (member landers) the confirm step. */
export const SIGNUP_NEXT = ["/signup-matches", "/complete-signup"] as const;
export type SignupNext = (typeof SIGNUP_NEXT)[number];

export interface SignupDraft {
  values: DraftValues;
  /** The lander the signup began on (null for /signup), stored with the account. */
  lander: string | null;
  /** The lander's signed visit (`?lb`): the signup turns it into no bounce. */
  visit: string | null;
  next: SignupNext;
}

export const EMPTY_DRAFT: SignupDraft = { values: {}, lander: null, visit: null, next: "/signup-matches" };

/** A day: long enough to come back after a break, short enough not to linger on a shared computer. */
const DRAFT_SECONDS = 24 * 3600;
/** Longer than any field of the steps may be: a longer value is no typing and is not kept. */
const MAX_VALUE_LENGTH = 600;

function draftCookie() {
  return createCookie("signup.draft", {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    maxAge: DRAFT_SECONDS,
    secure: secureCookies(),
    secrets: [sessionSecret()],
  });
}

const text = (value: unknown, max = MAX_VALUE_LENGTH) =>
  typeof value === "string" && value.length <= max ? value : null;

/** The draft of this request's visitor (empty when there is none, it expired, or it was changed). */
export async function readDraft(request: Request): Promise<SignupDraft> {
  const raw: unknown = await draftCookie().parse(request.headers.get("Cookie"));
  if (!raw || typeof raw !== "object") return EMPTY_DRAFT;
  const stored = raw as Record<string, unknown>;
  const values: DraftValues = {};
  const storedValues = (stored.values ?? {}) as Record<string, unknown>;
  for (const field of DRAFT_FIELDS) {
    const value = text(storedValues[field]);
    if (value !== null) values[field] = value;
  }
  const next = SIGNUP_NEXT.find((path) => path === stored.next) ?? EMPTY_DRAFT.next;
  return { values, lander: text(stored.lander, 200), visit: text(stored.visit, 200), next };
}

/** The draft with the values of a step's post: every draft field the form carries, as typed. */
export function withTypedValues(draft: SignupDraft, form: FormData): SignupDraft {
  const values = { ...draft.values };
  for (const field of DRAFT_FIELDS) {
    const value = form.get(field);
    if (typeof value !== "string") continue;
    if (value.length > MAX_VALUE_LENGTH) delete values[field];
    else values[field] = value;
  }
  // A new place text makes an earlier choice between places of another name meaningless.
  if (form.has("place") && !form.has("place_id")) delete values.place_id;
  return { ...draft, values };
}

/** The Set-Cookie header that keeps the draft. */
export function keepDraft(draft: SignupDraft): Promise<string> {
  return draftCookie().serialize(draft);
}

/** The Set-Cookie header that forgets the draft (the account exists). */
export function forgetDraft(): Promise<string> {
  return draftCookie().serialize("", { maxAge: 0 });
}
