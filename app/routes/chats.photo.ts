import { data, redirect } from "react-router";
import { requireUser } from "~/middleware/guards.server";
import {
  createChatPhotoFromProfilePhoto,
  createChatPhotoFromUpload,
  discardChatPhoto,
} from "~/domain/chat/chat-photos.server";
import {
  backPathFor,
  EXTRAS_PARAMS,
  sendKeyFrom,
  sendOutcomeRedirect,
  sendTargetFrom,
  withParams,
} from "./+chat/extras.server";
import { earlierSend, sendMessage } from "~/domain/chat/send-message.server";
import { admitUpload, MAX_UPLOAD_BODY_BYTES } from "~/domain/photos/upload.server";
import { requestInfoContext } from "~/middleware/context";
import { safeRedirectPath } from "~/lib/redirect.server";
import type { Route } from "./+types/chats.photo";
import { bodyError, isBodyTooLarge, readForm } from "~/middleware/request-body.server";
import { rowIdSchema } from "~/lib/row-id";

/**
 * A member's post refused unread (too large to read, or this process's line of uploads is full)
 * leaves its form, and so the way back, unread: back to the page it was sent from (the browser's
 * Referer) with `?photoError=`, or without one the readers' 413 (too large) or a 503 (busy).
 */
function photoRefusedUnread(request: Request, error: "tooLarge" | "busy") {
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) {
    if (error === "tooLarge") bodyError(request, "too_large");
    throw data(null, { status: 503, headers: { "Retry-After": "60" } });
  }
  const { pathname, search } = new URL(referer);
  return redirect(withParams(safeRedirectPath(pathname + search), { [EXTRAS_PARAMS.photoError]: error }));
}

/**
 * POST /chats/photo (`conversationId` or `profileId`; a new `photo` file as multipart, or
 * `photoId`, one of the member's own active profile photos; optional `redirectTo`): stores the
 * chat photo (EXIF stripped) and sends it in one go, at the site's photo price. A refused message
 * leaves no chat photo behind and costs nothing. Outcomes as for /chats/gift, plus
 * `?photoError=<error>` when the photo cannot be used.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user } = context.get(requestInfoContext);
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BODY_BYTES) {
    if (!user) bodyError(request, "too_large");
    return photoRefusedUnread(request, "tooLarge");
  }
  // A member's multipart post may hold a photo: it takes a place in the line of uploads (profile
  // photos' too) before its body is read, or is refused unread when the line is full.
  if (!user || !request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return send(request, context);
  }
  const leave = admitUpload();
  if (!leave) return photoRefusedUnread(request, "busy");
  try {
    return await send(request, context);
  } finally {
    leave();
  }
}

async function send(request: Request, context: Route.ActionArgs["context"]) {
  const { site, user } = context.get(requestInfoContext);
  // Only members may send a file: a visitor's post is read as an ordinary form (for the way back
  // after logging in), so nobody can make the server hold large bodies without an account.
  const form = await readForm(request, user ? { maxBytes: MAX_UPLOAD_BODY_BYTES } : {}).catch(
    (error: unknown) => {
      if (user && isBodyTooLarge(error)) return null;
      throw error;
    },
  );
  if (!form) return photoRefusedUnread(request, "tooLarge");
  const to = sendTargetFrom(form);
  if (!to) throw data(null, { status: 400 });
  const back = backPathFor(form, to);
  const sender = requireUser(context, request, { back, reason: "chat" });
  // Not worth decoding a photo that cannot be paid for (sendMessage checks again), unless this form
  // was sent before and its answer lost: then the answer is the photo it sent.
  if (sender.credits < site.photoCredits) {
    const earlier = await earlierSend(sender.id, sendKeyFrom(form));
    if (earlier) return sendOutcomeRedirect(earlier, back);
    return redirect(withParams(back, { [EXTRAS_PARAMS.credits]: "insufficient" }));
  }
  const chosen = form.get("photoId");
  const file = form.get("photo");
  let created;
  if (typeof chosen === "string" && chosen !== "") {
    const photoId = rowIdSchema.safeParse(chosen);
    if (!photoId.success) throw data(null, { status: 400 });
    created = await createChatPhotoFromProfilePhoto(sender.id, photoId.data);
  } else {
    created = await createChatPhotoFromUpload(sender.id, file instanceof File ? file : null, request.signal);
  }
  if (!created.ok) return redirect(withParams(back, { [EXTRAS_PARAMS.photoError]: created.error }));
  const result = await sendMessage({
    senderId: sender.id,
    site,
    to,
    content: { kind: "photo", chatPhotoId: created.chatPhotoId },
    sendKey: sendKeyFrom(form),
  });
  // Refused, or sent before with this form's key: the new copy of the photo is not needed.
  if (!result.ok || result.repeated) await discardChatPhoto(created.chatPhotoId);
  return sendOutcomeRedirect(result, back);
}
