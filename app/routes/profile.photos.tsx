import type { TranslationHandle } from "~/lib/i18n";
import { data, Link } from "react-router";
import { useTranslation } from "~/ui/use-translation";
import { z } from "zod";
import { requireUser } from "~/middleware/guards.server";
import { listOwnPhotos } from "~/domain/photos/manage.server";
import {
  appealIntent,
  deleteIntent,
  dismissAlertIntent,
  mainIntent,
  PHOTO_NOTICES,
  uploadIntent,
  visibilityIntent,
} from "~/routes/+profile/photo-intents.server";
import { photoLimitFor, UPLOAD_ERRORS } from "~/domain/photos/upload.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { UPLOAD_XHR_HEADER } from "~/ui/photos/paths";
import { PhotoList } from "~/ui/photos/photo-list";
import { PhotoNotice } from "~/ui/photos/photo-notice";
import { UploadSection } from "~/ui/photos/upload-section";
import type { Route } from "./+types/profile.photos";
import { fieldsOf, readForm } from "~/middleware/request-body.server";
import { blockingRejectionReason } from "~/domain/photos/photo-prints.server";
import { verifyRejectedMatch } from "~/routes/+profile/rejected-match.server";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["photos", "appeals"] };

const photoAction = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("visibility"),
    photoId: z.coerce.number().int().positive(),
    visibility: z.enum(["public", "private"]),
  }),
  z.object({ intent: z.literal("main"), photoId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("delete"), photoId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("dismissAlert"), redirectTo: z.string().optional() }),
]);

function ownProfile(context: Route.LoaderArgs["context"], request: Request) {
  const user = requireUser(context, request);
  if (!user.profile) throw data(null, { status: 404 });
  return { user, profile: user.profile };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, profile } = ownProfile(context, request);
  const params = new URL(request.url).searchParams;
  const photos = await listOwnPhotos(profile.id);
  const notice = PHOTO_NOTICES.find((n) => n === params.get("notice")) ?? null;
  const uploadError = UPLOAD_ERRORS.find((e) => e === params.get("uploadError")) ?? null;
  const confirmDelete = Number(params.get("confirmDelete"));
  const limit = photoLimitFor(user.paidUser);
  // The page's upload script was refused a rejected picture: that rejection's reason, for this
  // member only (the id is signed for their profile).
  const rejectedId =
    uploadError === "rejectedBefore" ? verifyRejectedMatch(profile.id, params.get("rejected")) : null;
  const rejectionReason =
    rejectedId === null
      ? null
      : await blockingRejectionReason(context.get(requestInfoContext).site.id, rejectedId);
  return {
    photos: photos.map(({ createdAt, ...photo }) => ({ ...photo, createdAt: createdAt.toISOString() })),
    count: photos.filter((p) => p.status !== "deleted").length,
    limit,
    paidUser: user.paidUser,
    notice,
    uploadError:
      uploadError && (uploadError !== "rejectedBefore" || rejectionReason !== null)
        ? { error: uploadError, limit, reason: rejectionReason }
        : null,
    confirmDeleteId: photos.some((p) => p.id === confirmDelete) ? confirmDelete : null,
    siteName: context.get(requestInfoContext).site.name,
    title: getInstance(context).t("photos:page.title"),
  };
}

/** An upload (multipart), or one of the small forms; their `intent` field says which. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, profile } = ownProfile(context, request);
  if (request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    const viaXhr = request.headers.get(UPLOAD_XHR_HEADER) === "xhr";
    return uploadIntent({ request, profileId: profile.id, paidUser: user.paidUser, viaXhr });
  }
  const form = await readForm(request);
  if (form.get("intent") === "appeal") return appealIntent(user.id, form, getInstance(context).t);
  const parsed = photoAction.safeParse(fieldsOf(request, form));
  if (!parsed.success) throw data(null, { status: 400 });
  const input = parsed.data;
  switch (input.intent) {
    case "dismissAlert":
      return dismissAlertIntent(user.id, input.redirectTo);
    case "visibility":
      return visibilityIntent(profile.id, input.photoId, input.visibility);
    case "main":
      return mainIntent(profile.id, input.photoId);
    case "delete":
      return deleteIntent(profile.id, input.photoId);
  }
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function ProfilePhotosRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { photos, count, limit, paidUser, notice, confirmDeleteId } = loaderData;
  const uploadError =
    (actionData && "uploadError" in actionData ? actionData.uploadError : null) ?? loaderData.uploadError;
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("photos:page.title")}</h1>
      <p>{t("photos:page.intro")}</p>
      <p className="text-body-secondary" data-testid="photo-count">
        {t("photos:page.count", { count, limit })}
      </p>
      {notice && <PhotoNotice notice={notice} />}
      <UploadSection uploadError={uploadError} atLimit={count >= limit} limit={limit} paidUser={paidUser} />
      <PhotoList
        photos={photos}
        confirmDeleteId={confirmDeleteId}
        appealResult={actionData && "appealResult" in actionData ? actionData.appealResult : null}
      />
      <p className="mt-4">
        <Link to="/profile">{t("photos:page.backToProfile")}</Link>
      </p>
    </main>
  );
}
