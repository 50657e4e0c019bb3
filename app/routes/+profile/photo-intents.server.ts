import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { data, redirect } from "react-router";
import { photoAppealSchema } from "~/domain/appeals/appeal-schemas";
import { appealPhotoRejection } from "~/domain/appeals/member-appeals.server";
import { PHOTO_UPLOADS_PER_MEMBER } from "~/domain/abuse/limits";
import { withinLimit } from "~/domain/abuse/rate-limits.server";
import { safeRedirectPath } from "~/lib/redirect.server";
import {
  deletePhoto,
  dismissPhotoAlert,
  setMainPhoto,
  setPhotoVisibility,
} from "~/domain/photos/manage.server";
import {
  admitUpload,
  countPhotos,
  MAX_UPLOAD_BODY_BYTES,
  photoLimitFor,
  uploadPhoto,
  type UploadError,
} from "~/domain/photos/upload.server";
import { isBodyTooLarge, readForm } from "~/middleware/request-body.server";
import { signRejectedMatch } from "./rejected-match.server";

/** The photos page (app/ui/photos/paths.ts says the same for the browser). */
const PAGE = "/profile/photos";

/** What a done action tells the photos page (`?notice=`). */
export const PHOTO_NOTICES = [
  "uploaded",
  "visibilityChanged",
  "mainChanged",
  "deleted",
  "notEligible",
  "appealSent",
] as const;
type PhotoNotice = (typeof PHOTO_NOTICES)[number];

function withNotice(notice: PhotoNotice) {
  return redirect(`${PAGE}?notice=${notice}`);
}

/**
 * A multipart upload. The page's own upload script (`viaXhr`) follows the redirect to learn the
 * outcome, so it gets errors as `?uploadError=`; a plain form post gets them as action data (400,
 * 429 beyond the member's uploads per hour, or 503 when this process's line of uploads is full).
 * The body is read only once the upload has its place in that line.
 */
export async function uploadIntent({
  request,
  profileId,
  paidUser,
  viaXhr,
}: {
  request: Request;
  profileId: number;
  paidUser: boolean;
  viaXhr: boolean;
}) {
  const fail = (error: UploadError, limit?: number, rejected?: { photoId: number; reason: string }) =>
    viaXhr
      ? redirect(
          `${PAGE}?uploadError=${error}${rejected ? `&rejected=${signRejectedMatch(profileId, rejected.photoId)}` : ""}`,
        )
      : data(
          {
            uploadError: {
              error,
              limit: limit ?? photoLimitFor(paidUser),
              ...(rejected ? { reason: rejected.reason } : {}),
            },
          },
          error === "busy"
            ? { status: 503, headers: { "Retry-After": "60" } }
            : { status: error === "rateLimited" ? 429 : 400 },
        );
  // A body over the limit can only hold a file over the limit: say so without reading it.
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_UPLOAD_BODY_BYTES) return fail("tooLarge");
  // Cheap check first: a member at the limit need not send the file at all.
  if ((await countPhotos(profileId)) >= photoLimitFor(paidUser)) return fail("limitReached");
  // Before the hourly count: a refusal for a full line does not use up one of the member's uploads.
  const leave = admitUpload();
  if (!leave) return fail("busy");
  try {
    if (!(await withinLimit(PHOTO_UPLOADS_PER_MEMBER, profileId))) return fail("rateLimited");
    const form = await readForm(request, { maxBytes: MAX_UPLOAD_BODY_BYTES }).catch((error: unknown) => {
      if (isBodyTooLarge(error)) return null;
      throw error;
    });
    if (!form) return fail("tooLarge");
    const file = form.get("photo");
    const result = await uploadPhoto({
      profileId,
      paidUser,
      file: file instanceof File ? file : null,
      visibility: form.get("visibility") === "private" ? "private" : "public",
      signal: request.signal,
    });
    if (!result.ok) return fail(result.error, result.limit, result.rejected);
    return withNotice("uploaded");
  } finally {
    leave();
  }
}

/** The "add a photo" alert's close button, posted from any page; returns there. */
export async function dismissAlertIntent(userId: number, redirectTo: string | undefined) {
  await dismissPhotoAlert(userId);
  return redirect(safeRedirectPath(redirectTo));
}

export async function visibilityIntent(profileId: number, photoId: number, visibility: "public" | "private") {
  if (!(await setPhotoVisibility(profileId, photoId, visibility))) throw data(null, { status: 404 });
  return withNotice("visibilityChanged");
}

export async function mainIntent(profileId: number, photoId: number) {
  const result = await setMainPhoto(profileId, photoId);
  if (!result.ok && result.error === "notFound") throw data(null, { status: 404 });
  return withNotice(result.ok ? "mainChanged" : "notEligible");
}

export async function deleteIntent(profileId: number, photoId: number) {
  if (!(await deletePhoto(profileId, photoId))) throw data(null, { status: 404 });
  return withNotice("deleted");
}

/**
 * An appeal against a rejected photo of the member's (docs/product.md, Appeals): a refused form
 * answers 400 (409 when already appealed) with its errors and the typed text for that photo's form.
 */
export async function appealIntent(userId: number, form: FormData, t: TFunction) {
  const submission = parseWithZod(form, { schema: photoAppealSchema(t) });
  const photoId = Number(form.get("photoId")) || 0;
  if (submission.status !== "success") {
    return data({ appealResult: { photoId, result: submission.reply() } }, { status: 400 });
  }
  const outcome = await appealPhotoRejection(userId, submission.value.photoId, submission.value.text);
  if (!outcome.ok && outcome.error === "notFound") throw data(null, { status: 404 });
  if (!outcome.ok) {
    const result = submission.reply({ formErrors: [t("appeals:photo.alreadyAppealed")] });
    return data({ appealResult: { photoId, result } }, { status: 409 });
  }
  return withNotice("appealSent");
}
