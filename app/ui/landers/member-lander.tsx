import type { ReactNode } from "react";
import { useTranslation } from "~/ui/use-translation";
import type { MemberLanderKind, MemberLanderProfile } from "~/domain/landers/designs";
import { FictionalWarning } from "../profile-view/fictional-warning";
import { FictionalMark, LanderPhoto } from "./lander-photo";
import { nameAge } from "~/ui/name-age";

interface MemberLanderProps {
  kind: MemberLanderKind;
  profile: MemberLanderProfile;
  fictional: { icon: boolean; warning: boolean; singular: string };
  /** "Je moet ingelogd zijn om te chatten" when a visitor came from the member's chat. */
  notice: string | null;
  signup: ReactNode;
}

function Photos({
  profile,
  sizes,
  skipFirst,
}: {
  profile: MemberLanderProfile;
  sizes: string;
  skipFirst?: boolean;
}) {
  const { t } = useTranslation();
  const photos = skipFirst ? profile.photos.slice(1) : profile.photos;
  if (photos.length === 0) return null;
  return (
    <ul className="row g-2 list-unstyled" data-testid="member-lander-photos">
      {photos.map((photo) => (
        <li className="col-4" key={photo.id}>
          <LanderPhoto photo={photo} alt={t("home.photoOf", { name: profile.name })} sizes={sizes} />
        </li>
      ))}
    </ul>
  );
}

function Place({ profile }: { profile: MemberLanderProfile }) {
  const { t } = useTranslation();
  const parts = [profile.city, profile.region, t(`profile:countries.${profile.country}`)];
  return <>{parts.filter((part, index) => part && parts.indexOf(part) === index).join(", ")}</>;
}

/**
 * A lander around one member's public profile (photo, name, age, place) whose signup leads to that
 * member's chat: `landing` side by side, `landing2` a big photo first, `landing3` a chat invitation,
 * `signup` little more than the form.
 */
export function MemberLander({ kind, profile, fictional, notice, signup }: MemberLanderProps) {
  const { t } = useTranslation();
  const main = profile.photos[0];
  const isFictional = profile.isFictional;
  const heading = (
    <h1
      className="h3 text-primary mb-1 d-flex flex-wrap align-items-center gap-2"
      data-testid="member-lander-name"
    >
      <span>{nameAge(t, profile)}</span>
      {fictional.icon && isFictional && (
        <span className="badge text-bg-warning fs-6" data-testid="fictional-badge">
          {t("profile:fictional.badge")}
        </span>
      )}
    </h1>
  );
  const photo = (sizes: string) =>
    main ? (
      <div className="position-relative">
        <LanderPhoto photo={main} alt={t("home.photoOf", { name: profile.name })} sizes={sizes} eager />
      </div>
    ) : null;
  const warning =
    isFictional && fictional.warning ? <FictionalWarning singular={fictional.singular} /> : null;
  const noticeBlock = notice ? (
    <div className="alert alert-info" role="status" data-testid="member-lander-notice">
      {notice}
    </div>
  ) : null;

  if (kind === "landing2") {
    return (
      <main className="container py-3" style={{ maxWidth: 640 }} data-testid="member-lander">
        {noticeBlock}
        <div className="position-relative mb-3">
          {main && (
            <LanderPhoto
              photo={main}
              alt={t("home.photoOf", { name: profile.name })}
              sizes="(max-width: 640px) 100vw, 640px"
              eager
            />
          )}
          <FictionalMark show={fictional.icon && isFictional} />
          <div className="lander-tile-caption fs-4 p-3">
            <span className="d-block fw-bold">{t("landers:member.chatWith", { name: profile.name })}</span>
            <span className="d-block fs-6">
              {nameAge(t, profile)}, <Place profile={profile} />
            </span>
          </div>
        </div>
        {warning}
        <Photos profile={profile} sizes="(max-width: 640px) 33vw, 200px" skipFirst />
        {signup}
      </main>
    );
  }
  if (kind === "landing3") {
    return (
      <main className="container py-3" style={{ maxWidth: 560 }} data-testid="member-lander">
        {noticeBlock}
        <div className="card mb-3">
          <div className="card-body d-flex align-items-center gap-3">
            {main && <LanderPhoto photo={main} alt="" sizes="64px" className="lander-avatar" eager />}
            <div>
              {heading}
              <p className="text-body-secondary mb-0">
                <Place profile={profile} />
              </p>
            </div>
          </div>
          <div className="card-body pt-0">
            <p className="bg-body-tertiary rounded-3 p-3 mb-0">
              {t("landers:member.invite", { name: profile.name })}
            </p>
          </div>
        </div>
        {warning}
        {signup}
      </main>
    );
  }
  if (kind === "signup") {
    return (
      <main className="container py-3" style={{ maxWidth: 560 }} data-testid="member-lander">
        {noticeBlock}
        <div className="d-flex align-items-center gap-3 mb-3">
          {main && <LanderPhoto photo={main} alt="" sizes="64px" className="lander-avatar" eager />}
          <div>
            {heading}
            <p className="text-body-secondary mb-0">
              <Place profile={profile} />
            </p>
          </div>
        </div>
        {warning}
        {signup}
      </main>
    );
  }
  return (
    <main className="container py-3" data-testid="member-lander">
      {noticeBlock}
      <div className="row g-4">
        <div className="col-5 col-md-4">{photo("(max-width: 767px) 40vw, 300px")}</div>
        <div className="col-7 col-md-8">
          {heading}
          <p className="text-body-secondary" data-testid="profile-place">
            <Place profile={profile} />
          </p>
          <p className="lead">{t("landers:member.intro", { name: profile.name })}</p>
          {warning}
        </div>
      </div>
      <div className="row g-4 mt-1">
        <div className="col-md-5">
          <Photos profile={profile} sizes="(max-width: 767px) 33vw, 130px" skipFirst />
        </div>
        <div className="col-md-7">{signup}</div>
      </div>
    </main>
  );
}
