import { Icon } from "~/ui/icons";
import { Form } from "react-router";
import { AppLink } from "~/ui/app-link";
import { useTranslation } from "~/ui/use-translation";
import type { Locale } from "~/lib/i18n";
import { CountBadge } from "./count-badge";
import { LanguageDropdown } from "./language-dropdown";

interface TopBarUser {
  name: string;
  credits: number;
  paidUser: boolean;
  mainPhotoId: number | null;
  /** Staff see the staff pages of their role in their menu. */
  staffRole: "support" | "admin" | null;
}

/** The back office's pages; those marked `admin` are not shown to support (who would get a 404). */
const STAFF_PAGES = [
  { to: "/staff", label: "nav.staffOverview" },
  { to: "/staff/members", label: "nav.staffMembers" },
  { to: "/staff/photos", label: "nav.staffPhotos" },
  { to: "/staff/complaints", label: "nav.staffComplaints" },
  { to: "/staff/spam", label: "nav.staffSpam" },
  { to: "/staff/appeals", label: "nav.staffAppeals" },
  { to: "/staff/payments", label: "nav.staffPayments", admin: true },
  { to: "/staff/discount-codes", label: "nav.staffDiscountCodes", admin: true },
  { to: "/staff/packages", label: "nav.staffPackages", admin: true },
  { to: "/staff/gifts", label: "nav.staffGifts", admin: true },
  { to: "/staff/settings", label: "nav.staffSettings", admin: true },
  { to: "/staff/mailings", label: "nav.staffMailings", admin: true },
  { to: "/staff/funnel", label: "nav.staffFunnel", admin: true },
  { to: "/staff/campaigns", label: "nav.staffCampaigns", admin: true },
  { to: "/staff/actions", label: "nav.staffActions", admin: true },
  { to: "/staff/team", label: "nav.staffTeam", admin: true },
] as const;

interface TopBarProps {
  siteName: string;
  user: TopBarUser | null;
  locales: Locale[];
  locale: Locale;
  unreadMessages?: number;
  newLikes?: number;
}

/** Paid users see a credits badge at 10 or fewer credits: warning above 0, danger at 0. */
function creditsBadgeClass(credits: number): string | null {
  if (credits > 10) return null;
  return credits > 0 ? "bg-warning text-dark" : "bg-danger";
}

export function TopBar({ siteName, user, locales, locale, unreadMessages = 0, newLikes = 0 }: TopBarProps) {
  const { t } = useTranslation();
  const badgeClass = user ? creditsBadgeClass(user.credits) : null;
  return (
    // Below 992 px a member's bar is one row: icons with their badges, the labels kept for screen
    // readers (styles: `.top-bar`); from 992 px the labels show beside the icons.
    <header className={`navbar navbar-expand bg-white border-bottom top-bar${user ? " top-bar-member" : ""}`}>
      <nav className="container gap-2" aria-label={t("nav.main")}>
        <AppLink to={user ? "/members" : "/"} className="navbar-brand fw-bold text-primary">
          {siteName}
        </AppLink>
        {user ? (
          <ul className="navbar-nav me-auto">
            <li className="nav-item">
              <AppLink className="nav-link" to="/members">
                <Icon name="search" />
                <span className="nav-label">{t("nav.searchMembers")}</span>
              </AppLink>
            </li>
            <li className="nav-item">
              <AppLink className="nav-link" to="/chats">
                <Icon name="chat" />
                <span className="nav-label">{t("nav.messages")}</span>
                <CountBadge
                  count={unreadMessages}
                  label={t("nav.unreadMessages", { count: unreadMessages })}
                />
              </AppLink>
            </li>
            <li className="nav-item">
              <AppLink className="nav-link" to="/likes">
                <Icon name="heart" />
                <span className="nav-label">{t("nav.likes")}</span>
                <CountBadge count={newLikes} label={t("nav.newLikes", { count: newLikes })} />
              </AppLink>
            </li>
            <li className="nav-item">
              {user.paidUser ? (
                <AppLink className="nav-link" to="/credits/repeat-order">
                  <Icon name="coins" />
                  <span className="nav-label">{t("nav.credits")}</span>
                  {badgeClass && (
                    <span className={`badge rounded-pill ms-1 ${badgeClass}`} data-testid="credits-badge">
                      {user.credits}
                    </span>
                  )}
                </AppLink>
              ) : (
                <AppLink className="nav-link text-primary fw-semibold" to="/premium">
                  <Icon name="star" />
                  <span className="nav-label">{t("nav.getPremium")}</span>
                </AppLink>
              )}
            </li>
          </ul>
        ) : (
          <div className="me-auto" />
        )}
        <div className="top-bar-language">
          <LanguageDropdown locales={locales} current={locale} />
        </div>
        {user ? (
          <details className="dropdown" data-testid="account-menu">
            <summary className="btn btn-sm btn-light d-flex align-items-center gap-2">
              {user.mainPhotoId !== null ? (
                <img
                  src={`/photos/${user.mainPhotoId}/thumb`}
                  alt=""
                  width={24}
                  height={30}
                  className="rounded-circle object-fit-cover"
                />
              ) : (
                <Icon name="user" />
              )}
              <span className="nav-label">{user.name || t("nav.account")}</span>
            </summary>
            <ul className="dropdown-menu">
              <li>
                <AppLink className="dropdown-item" to="/profile">
                  {t("nav.myProfile")}
                </AppLink>
              </li>
              <li>
                <AppLink className="dropdown-item" to="/settings">
                  {t("nav.settings")}
                </AppLink>
              </li>
              <li>
                <AppLink className="dropdown-item" to="/transactions">
                  {t("nav.transactions")}
                </AppLink>
              </li>
              {user.staffRole &&
                STAFF_PAGES.filter((page) => user.staffRole === "admin" || !("admin" in page)).map((page) => (
                  <li key={page.to}>
                    <AppLink className="dropdown-item" to={page.to}>
                      {t(page.label)}
                    </AppLink>
                  </li>
                ))}
              <li>
                <Form method="post" action="/logout">
                  <button type="submit" className="dropdown-item">
                    {t("nav.logout")}
                  </button>
                </Form>
              </li>
            </ul>
          </details>
        ) : (
          <AppLink to="/login" className="btn btn-primary btn-sm">
            {t("nav.login")}
          </AppLink>
        )}
      </nav>
    </header>
  );
}
