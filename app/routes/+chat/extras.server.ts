import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/redirect.server";
import { CHAT_PHOTO_ERRORS, type ChatPhotoError } from "~/domain/chat/chat-photos.server";
import { GIFTS_OPEN_PARAM, PHOTOS_OPEN_PARAM, SEND_REFUSALS } from "~/domain/chat/chat-types";
import { PREFILL_PARAM, prefilledText } from "~/domain/chat/icebreakers";
import { SEND_KEY_PATTERN } from "~/domain/chat/send-key";
import type { SendInput, SendRefusal, SendResult } from "~/domain/chat/send-message.server";
import { rowIdSchema } from "~/lib/row-id";

/**
 * Query parameters by which the gift, photo and report actions tell a plain (no-JS) page what
 * happened; `extrasNotices` reads them back for the page's loader.
 */
export const EXTRAS_PARAMS = {
  /** `?credits=insufficient`: the "Je hebt onvoldoende credits" dialog with "Koop credits". */
  credits: "credits",
  /** `?refused=<SendRefusal>`: any other reason sendMessage gave (chat:refused.*). */
  refused: "refused",
  /** `?photoError=<ChatPhotoError>`: the upload or chosen photo could not be used. */
  photoError: "photoError",
  /** `?reported=1` or `?reported=rateLimited`. */
  reported: "reported",
} as const;

const targetSchema = z.union([
  z.object({ conversationId: rowIdSchema }),
  z.object({ profileId: rowIdSchema }),
]);

/** The `to` of sendMessage from a form's `conversationId` or `profileId` field, or null. */
export function sendTargetFrom(form: FormData): SendInput["to"] | null {
  const fields = Object.fromEntries(
    ["conversationId", "profileId"].flatMap((name) => {
      const value = form.get(name);
      return typeof value === "string" && value !== "" ? [[name, value]] : [];
    }),
  );
  const parsed = targetSchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

/** The form's send key (send-key.ts), or null when it has none or a malformed one. */
export function sendKeyFrom(form: FormData): string | null {
  const key = form.get("sendKey");
  return typeof key === "string" && SEND_KEY_PATTERN.test(key) ? key : null;
}

/** Where a plain form returns to: its `redirectTo` (same site only), else the conversation's page. */
export function backPathFor(form: FormData, to: SendInput["to"]): string {
  const redirectTo = form.get("redirectTo");
  if (typeof redirectTo === "string" && redirectTo !== "") return safeRedirectPath(redirectTo);
  return "conversationId" in to ? `/chats/${to.conversationId}` : `/members/${to.profileId}/chat`;
}

/** `path` with the given parameters set and earlier outcomes (and a used `?text=`) removed. */
export function withParams(path: string, params: Record<string, string>): string {
  const url = new URL(path, "http://local");
  for (const name of [...Object.values(EXTRAS_PARAMS), "text"]) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.pathname + url.search;
}

/** After sendMessage: the conversation on success, otherwise back with the reason. */
export function sendOutcomeRedirect(result: SendResult, back: string) {
  if (result.ok) return redirect(`/chats/${result.conversationId}`);
  if (result.error === "insufficientCredits") {
    return redirect(withParams(back, { [EXTRAS_PARAMS.credits]: "insufficient" }));
  }
  return redirect(withParams(back, { [EXTRAS_PARAMS.refused]: result.error }));
}

export interface ExtrasNotices {
  insufficientCredits: boolean;
  /** Any other reason (the send form shows it as it shows a text's refusal); never insufficientCredits. */
  refused: SendRefusal | null;
  photoError: ChatPhotoError | null;
  reported: "ok" | "rateLimited" | null;
  /** An icebreaker chosen without JavaScript, for the send form's textarea. */
  prefill: string;
}

/** What the gift, photo and report actions (and the no-JS icebreakers) left in a page's address. */
function extrasNotices(url: URL | string, messageLength: number): ExtrasNotices {
  const params = new URL(url, "http://local").searchParams;
  const reported = params.get(EXTRAS_PARAMS.reported);
  const refused = SEND_REFUSALS.find((r) => r === params.get(EXTRAS_PARAMS.refused)) ?? null;
  return {
    // Missing credits have their own notice ("Koop credits"), whichever parameter says so.
    insufficientCredits:
      params.get(EXTRAS_PARAMS.credits) === "insufficient" || refused === "insufficientCredits",
    refused: refused === "insufficientCredits" ? null : refused,
    photoError: CHAT_PHOTO_ERRORS.find((e) => e === params.get(EXTRAS_PARAMS.photoError)) ?? null,
    reported: reported === "1" ? "ok" : reported === "rateLimited" ? "rateLimited" : null,
    prefill: prefilledText(params.get(PREFILL_PARAM), messageLength),
  };
}

/** What a chat page's address asks of its extras (loadChatExtras): the notices and the open pickers. */
export function chatExtrasShown(url: URL | string, messageLength: number) {
  const params = new URL(url, "http://local").searchParams;
  return {
    notices: extrasNotices(url, messageLength),
    giftsOpen: params.has(GIFTS_OPEN_PARAM),
    photosOpen: params.has(PHOTOS_OPEN_PARAM),
  };
}

/**
 * The query a chat page's address hands on when the page sends its member elsewhere (/members/{id}/chat
 * to an existing conversation): an open picker and the extras' outcomes, each only with a value
 * it knows; nothing else. "" or "?…".
 */
export function carriedChatQuery(url: URL | string): string {
  const params = new URL(url, "http://local").searchParams;
  const notices = extrasNotices(url, 0);
  const kept = new URLSearchParams();
  for (const open of [GIFTS_OPEN_PARAM, PHOTOS_OPEN_PARAM]) if (params.has(open)) kept.set(open, "1");
  if (notices.insufficientCredits) kept.set(EXTRAS_PARAMS.credits, "insufficient");
  if (notices.refused) kept.set(EXTRAS_PARAMS.refused, notices.refused);
  if (notices.photoError) kept.set(EXTRAS_PARAMS.photoError, notices.photoError);
  const query = kept.toString();
  return query === "" ? "" : `?${query}`;
}
