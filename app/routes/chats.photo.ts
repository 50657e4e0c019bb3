import { data, redirect } from "react-router";
import { requireUser } from "~/domain/accounts/guards.server";
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
} from "~/domain/chat/extras-actions.server";
import { earlierSend, sendMessage } from "~/domain/chat/send-message.server";
import { MAX_UPLOAD_BODY_BYTES } from "~/domain/photos/upload.server";
import { loginPath } from "~/domain/profiles/login-path";
import { requestInfoContext } from "~/lib/context";
import { safeRedirectPath } from "~/lib/redirect.server";
import type { Route } from "./+types/chats.photo";
import { bodyError, isBodyTooLarge, readForm } from "~/lib/request-body.server";
import { rowIdSchema } from "~/lib/row-id";

/**
 * A member's post too large to read holds a photo over the limit, but its form (and so the way
 * back) stays unread: back to the page it was sent from (the browser's Referer) with
 * `?photoError=tooLarge`, or the readers' 413 when there is none.
 */
function photoTooLarge(request: Request) {
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) bodyError(request, "too_large");
  const { pathname, search } = new URL(referer);
  return redirect(
    withParams(safeRedirectPath(pathname + search), { [EXTRAS_PARAMS.photoError]: "tooLarge" }),
  );
}

/**
 * POST /chats/photo (`conversationId` or `profileId`; a new `photo` file as multipart, or
 * `photoId`, one of the member's own active profile photos; optional `redirectTo`): stores the
 * chat photo (EXIF stripped) and sends it in one go, at the site's photo price. A refused message
 * leaves no chat photo behind and costs nothing. Outcomes as for /chats/gift, plus
 * `?photoError=<error>` when the photo cannot be used.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { site, user } = context.get(requestInfoContext);
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BODY_BYTES) {
    if (!user) bodyError(request, "too_large");
    return photoTooLarge(request);
  }
  // Only members may send a file: a visitor's post is read as an ordinary form (for the way back
  // after logging in), so nobody can make the server hold large bodies without an account.
  const form = await readForm(request, user ? { maxBytes: MAX_UPLOAD_BODY_BYTES } : {}).catch(
    (error: unknown) => {
      if (user && isBodyTooLarge(error)) return null;
      throw error;
    },
  );
  if (!form) return photoTooLarge(request);
  const to = sendTargetFrom(form);
  if (!to) throw data(null, { status: 400 });
  const back = backPathFor(form, to);
  if (!user) throw redirect(loginPath(back, "chat"));
  const sender = requireUser(context, request);
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
