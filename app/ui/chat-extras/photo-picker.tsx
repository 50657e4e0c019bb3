import { useTranslation } from "~/ui/use-translation";
import { AppForm } from "~/ui/app-form";
import { PHOTOS_OPEN_PARAM } from "~/domain/chat/chat-types";
import { FileInput } from "~/ui/file-input";
import { Picker } from "./picker";
import { TargetFields, type SendTarget } from "./target-fields";

/**
 * Send a photo: one of the member's own profile photos, or a new upload (plain multipart form), in a
 * Picker (read only when open, `?photos=1`). Both post to /chats/photo, which stores the chat photo
 * (EXIF stripped) and sends it at once.
 */
export function PhotoPicker({
  ownPhotos,
  to,
  sendKey,
  price,
  redirectTo,
  disabled = false,
}: {
  /** The member's own active profile photos (thumbnail URLs from /photos/{id}/thumb); null while closed. */
  ownPhotos: { id: number; thumbUrl: string }[] | null;
  to: SendTarget;
  /** The site's photoCredits. */
  price: number;
  /** The page's send key (ChatExtrasData). */
  sendKey: string;
  redirectTo?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Picker
      name="photo-picker"
      openParam={PHOTOS_OPEN_PARAM}
      contents={ownPhotos}
      label={t("chat-extras:photoPicker.button")}
    >
      {(ownPhotos) => (
        <>
          <h2 className="h6">{t("chat-extras:photoPicker.title")}</h2>
          <p className="small text-body-secondary mb-2">
            {t("chat-extras:photoPicker.price", { credits: price })} {t("chat-extras:photoPicker.private")}
          </p>
          {ownPhotos.length > 0 && (
            <>
              <h3 className="h6 small fw-semibold">{t("chat-extras:photoPicker.own")}</h3>
              {/* One form: the pressed photo's button sends its id. */}
              <AppForm action="/chats/photo">
                <TargetFields to={to} sendKey={`${sendKey}-photo`} redirectTo={redirectTo} />
                <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3">
                  {ownPhotos.map((photo) => (
                    <li key={photo.id}>
                      <button
                        type="submit"
                        name="photoId"
                        value={photo.id}
                        className="btn btn-light border p-1"
                        disabled={disabled}
                        data-testid={`own-photo-${photo.id}`}
                      >
                        <img
                          src={photo.thumbUrl}
                          alt={t("chat-extras:photoPicker.sendOwn")}
                          width={72}
                          height={90}
                          style={{ objectFit: "cover" }}
                          loading="lazy"
                        />
                      </button>
                    </li>
                  ))}
                </ul>
              </AppForm>
            </>
          )}
          <AppForm action="/chats/photo" encType="multipart/form-data" data-testid="chat-photo-upload">
            <TargetFields to={to} sendKey={`${sendKey}-upload`} redirectTo={redirectTo} />
            <label className="form-label small fw-semibold" htmlFor="chat-photo-file">
              {t("chat-extras:photoPicker.upload")}
            </label>
            <FileInput id="chat-photo-file" name="photo" accept="image/*" />
            <div className="form-text mb-2">{t("chat-extras:photoPicker.uploadHelp")}</div>
            <button type="submit" className="btn btn-primary btn-sm" disabled={disabled}>
              {t("chat-extras:photoPicker.send")}
            </button>
          </AppForm>
        </>
      )}
    </Picker>
  );
}
