import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link } from "react-router";
import { GIFT_IMAGES, GIFT_NAME_MAX, type StaffGiftView } from "~/domain/chat/gift-schema";
import type { StaffActionView } from "~/domain/staff/staff-action-view";
import { SUPPORTED_LOCALES } from "~/lib/i18n";
import { giftName } from "~/ui/chat-extras/gift-name";
import { FormErrors, TextField } from "~/ui/form-fields";
import { RecentStaffActions } from "~/ui/staff/recent-staff-actions";
import { useTranslation } from "~/ui/use-translation";
import { RowButton } from "./row-button";
import { SavedNotice } from "./saved-notice";

function GiftForm({ editing, lastResult }: { editing: StaffGiftView | null; lastResult?: SubmissionResult }) {
  const { t } = useTranslation();
  const [form, fields] = useForm<Record<string, string>>({
    id: "gift-form",
    lastResult,
    defaultValue: editing
      ? {
          code: editing.code,
          image: editing.image,
          active: editing.active ? "on" : "",
          ...Object.fromEntries(SUPPORTED_LOCALES.map((lng) => [`name_${lng}`, editing.names[lng] ?? ""])),
        }
      : { image: GIFT_IMAGES[0], active: "on" },
    shouldValidate: "onSubmit",
  });
  const image = fields.image!;
  const imageInvalid = Boolean(image.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="card card-body mb-4" data-testid="gift-form">
      <h2 className="h5">
        {editing ? t("staffSite:gifts.editTitle", { code: editing.code }) : t("staffSite:gifts.newTitle")}
      </h2>
      <FormErrors errors={form.errors} id={form.errorId} />
      {editing && <input type="hidden" name="id" value={editing.id} />}
      <div className="row">
        <div className="col-sm-6">
          <TextField
            label={t("staffSite:gifts.fields.code")}
            inputProps={{
              ...getInputProps(fields.code!, { type: "text" }),
              autoComplete: "off",
              maxLength: 30,
            }}
            errors={fields.code!.errors}
            errorId={fields.code!.errorId}
            help={t("staffSite:gifts.help.code")}
          />
        </div>
        <div className="col-sm-6 mb-3">
          <label htmlFor={image.id} className="form-label">
            {t("staffSite:gifts.fields.image")}
          </label>
          <select
            {...getSelectProps(image)}
            className={`form-select${imageInvalid ? " is-invalid" : ""}`}
            aria-invalid={imageInvalid || undefined}
          >
            {GIFT_IMAGES.map((path) => (
              <option key={path} value={path}>
                {path.replace("/gifts/", "")}
              </option>
            ))}
          </select>
          {imageInvalid && (
            <div id={image.errorId} className="invalid-feedback d-block">
              {image.errors!.join(" ")}
            </div>
          )}
        </div>
        {SUPPORTED_LOCALES.map((lng) => {
          const field = fields[`name_${lng}`]!;
          return (
            <div className="col-sm-6 col-lg-3" key={lng}>
              <TextField
                label={t("staffSite:gifts.fields.name", { language: t(`staffSite:languages.${lng}`) })}
                inputProps={{
                  ...getInputProps(field, { type: "text" }),
                  autoComplete: "off",
                  maxLength: GIFT_NAME_MAX,
                  lang: lng,
                }}
                errors={field.errors}
                errorId={field.errorId}
              />
            </div>
          );
        })}
      </div>
      <div className="form-check mb-3">
        <input {...getInputProps(fields.active!, { type: "checkbox" })} className="form-check-input" />
        <label htmlFor={fields.active!.id} className="form-check-label">
          {t("staffSite:gifts.fields.active")}
        </label>
      </div>
      <div className="d-flex gap-2">
        <button type="submit" name="intent" value="save" className="btn btn-primary">
          {editing ? t("staffSite:save") : t("staffSite:create")}
        </button>
        {editing && (
          <Link to="/staff/gifts" className="btn btn-outline-secondary">
            {t("staffSite:cancel")}
          </Link>
        )}
      </div>
    </Form>
  );
}

interface GiftsPageProps {
  gifts: StaffGiftView[];
  editing: StaffGiftView | null;
  giftCredits: number;
  notice: "saved" | "unchanged" | null;
  staffActions: StaffActionView[];
  lastResult?: SubmissionResult;
}

/** /staff/gifts: the form (new gift or the one being edited) and the site's catalogue. */
export function GiftsPage({ gifts, editing, giftCredits, notice, staffActions, lastResult }: GiftsPageProps) {
  const { t, language } = useTranslation();
  return (
    <main className="container py-4">
      <h1 className="h3 text-primary">{t("staffSite:gifts.title")}</h1>
      <p>{t("staffSite:gifts.intro", { credits: giftCredits })}</p>
      {notice && !lastResult && <SavedNotice notice={notice} />}
      <GiftForm key={editing?.id ?? "new"} editing={editing} lastResult={lastResult} />
      <ul className="list-group mb-4" data-testid="gift-list">
        {gifts.map((gift) => (
          <li
            key={gift.id}
            id={`gift-${gift.id}`}
            data-testid="gift-row"
            className={`list-group-item d-flex flex-wrap align-items-center gap-2${gift.active ? "" : " text-body-secondary"}`}
          >
            <img src={gift.image} alt="" width={32} height={32} />
            <span className="fw-semibold">{giftName(t, gift.code, gift.names, language)}</span>
            <code>{gift.code}</code>
            <span className="ms-auto">{gift.active ? t("staffSite:on") : t("staffSite:off")}</span>
            <Link to={`/staff/gifts?edit=${gift.id}`} className="btn btn-link btn-sm">
              {t("staffSite:edit")}
            </Link>
            <RowButton
              id={gift.id}
              intent={gift.active ? "deactivate" : "activate"}
              label={gift.active ? t("staffSite:switchOff") : t("staffSite:switchOn")}
            />
          </li>
        ))}
      </ul>
      <RecentStaffActions actions={staffActions} sentences="staffSite:actions" />
    </main>
  );
}
