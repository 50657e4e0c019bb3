import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { z } from "zod";
import { formatMoney } from "~/domain/credits/money";
import { memberFile } from "~/domain/payments/member-file.server";
import type { TranslationHandle } from "~/lib/i18n";
import { dateTimeFormat } from "~/lib/intl-formats";
import { rowIdSchema } from "~/lib/row-id";
import { requestInfoContext } from "~/middleware/context";
import { requireStaff } from "~/middleware/guards.server";
import { getInstance, getLocale } from "~/middleware/i18n.server";
import { titleMeta } from "~/ui/page-title";
import { useTranslation } from "~/ui/use-translation";
import { formatDates } from "./+staff/format-dates";
import type { Route } from "./+types/staff.members.$id";

export const handle: TranslationHandle = { i18n: ["staffMembers"] };

const ledgerPageSchema = z.coerce.number().int().positive().max(100_000).catch(1);

/** One member of the staff member's site on one page; members of other sites do not exist here. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, request);
  const id = rowIdSchema.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const ledgerPage = ledgerPageSchema.parse(new URL(request.url).searchParams.get("ledger") ?? undefined);
  const file = await memberFile(staff, id.data, ledgerPage);
  if (!file) throw data(null, { status: 404 });
  const { site } = context.get(requestInfoContext);
  const locale = getLocale(context);
  const money = (cents: number, currency: string) => formatMoney(cents, currency, locale);
  const when = dateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone: site.timeZone });
  const day = dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const { profile } = file;
  return {
    ...formatDates(
      {
        ...file,
        // A date of birth is a calendar date, not an instant.
        profile: profile && { ...profile, dateOfBirth: day.format(profile.dateOfBirth) },
        payments: file.payments.map((p) => ({
          ...p,
          amount: money(p.amountCents, p.currency),
          refunded: p.refundedCents > 0 ? money(p.refundedCents, p.currency) : null,
          chargedBack: p.chargedBackCents > 0 ? money(p.chargedBackCents, p.currency) : null,
        })),
        refundRequests: file.refundRequests.map((r) => ({
          ...r,
          amount: money(r.amountCents, r.payment.currency),
        })),
        directDebitRequests: file.directDebitRequests.map((r) => ({
          ...r,
          amount: money(r.amountCents, r.currency),
        })),
      },
      (date) => when.format(date),
    ),
    siteName: site.name,
    title: getInstance(context).t("staffMembers:member.title", { email: file.user.email }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={`member-${id}`} data-testid={`member-card-${id}`}>
      <div className="card-body">
        <h2 className="h5 card-title" id={`member-${id}`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A label and its value in a card's list; an empty value shows a dash. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8 text-break">{children === null || children === "" ? "–" : children}</dd>
    </>
  );
}

function Table({ head, children, testId }: { head: string[]; children: ReactNode; testId?: string }) {
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0" data-testid={testId}>
        <thead>
          <tr>
            {head.map((label) => (
              <th scope="col" key={label}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-body-secondary small mb-0">{children}</p>;
}

export default function StaffMemberRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const f = loaderData;
  const { user, profile, counts, currentBan } = f;
  const base = `/staff/members/${user.id}`;
  const complaintRows = (rows: typeof f.complaintsBy) =>
    rows.map((c) => (
      <tr key={c.id}>
        <td className="text-nowrap">{c.createdAt}</td>
        <td>{t(`staffMembers:complaintCategories.${c.category}`)}</td>
        <td className="text-break">{c.isMessageReport ? c.email : `${c.email} → ${c.memberRef ?? "–"}`}</td>
        <td className="text-break small">{c.description}</td>
        <td>{t(`staffMembers:complaintStatuses.${c.status}`)}</td>
      </tr>
    ));
  const complaintHead = [
    t("staffMembers:columns.date"),
    t("staffMembers:columns.category"),
    t("staffMembers:columns.who"),
    t("staffMembers:columns.description"),
    t("staffMembers:columns.status"),
  ];
  return (
    <main className="container py-4">
      <p className="small mb-2">
        <Link to="/staff/members">{t("staffMembers:member.back")}</Link>
      </p>
      <h1 className="h3 text-primary text-break" data-testid="member-heading">
        {profile?.name ?? t("staffMembers:member.noProfile")}{" "}
        <small className="text-body-secondary">#{user.id}</small>
      </h1>
      <p className="text-break mb-3">
        <span data-testid="member-email">{user.email}</span>{" "}
        <span className="badge text-bg-secondary" data-testid="member-status">
          {t(`staffMembers:statuses.${user.status}`)}
        </span>
      </p>
      {currentBan && (
        <div className="alert alert-danger" role="alert" data-testid="member-current-ban">
          <strong>{t("staffMembers:bans.current")}</strong>{" "}
          {t("staffMembers:bans.line", {
            date: currentBan.createdAt,
            reason: t(`staffMembers:banReasons.${currentBan.reason}`),
            staff: currentBan.bannedBy.email,
          })}
          <div className="small mt-1 text-break">{currentBan.note}</div>
        </div>
      )}

      <div className="row g-3">
        <div className="col-lg-8">
          <Card id="account" title={t("staffMembers:account.title")}>
            <dl className="row mb-0">
              <Field label={t("staffMembers:account.status")}>
                {t(`staffMembers:statuses.${user.status}`)}
              </Field>
              <Field label={t("staffMembers:account.role")}>{t(`staffMembers:roles.${user.role}`)}</Field>
              <Field label={t("staffMembers:account.email")}>{user.email}</Field>
              <Field label={t("staffMembers:account.site")}>{`${f.site.name} (${f.site.domain})`}</Field>
              <Field label={t("staffMembers:account.language")}>{user.language}</Field>
              <Field label={t("staffMembers:account.country")}>{profile?.country ?? null}</Field>
              <Field label={t("staffMembers:account.signup")}>{user.signupDate}</Field>
              <Field label={t("staffMembers:account.signupIp")}>{user.signupIp}</Field>
              <Field label={t("staffMembers:account.confirmed")}>{user.confirmedAt}</Field>
              <Field label={t("staffMembers:account.lastSeen")}>{user.lastSeenAt}</Field>
              <Field label={t("staffMembers:account.source")}>
                {[
                  ["network", user.network],
                  ["ref", user.ref],
                  ["sub1", user.sub1],
                  ["sub2", user.sub2],
                  ["sub3", user.sub3],
                  ["lander", user.lander],
                  ["campaign", user.campaignToken],
                ]
                  .filter(([, value]) => value)
                  .map(([key, value]) => `${t(`staffMembers:account.sourceFields.${key}`)}: ${value}`)
                  .join(" · ")}
              </Field>
              <Field label={t("staffMembers:account.premium")}>
                {t(user.paidUser ? "staffMembers:yes" : "staffMembers:no")}
              </Field>
              <Field label={t("staffMembers:account.invisible")}>
                {t(user.invisible ? "staffMembers:yes" : "staffMembers:no")}
              </Field>
              <Field label={t("staffMembers:account.deleted")}>
                {user.deletedAt &&
                  `${user.deletedAt}${user.deleteReason ? ` (${t(`staffMembers:deleteReasons.${user.deleteReason}`)})` : ""}`}
              </Field>
              <Field label={t("staffMembers:account.erased")}>{user.erasedAt}</Field>
              <Field label={t("staffMembers:account.loginLock")}>
                {f.accountLockedUntil || f.addressLocks.length > 0
                  ? [
                      f.accountLockedUntil &&
                        t("staffMembers:account.lockedUntil", { until: f.accountLockedUntil }),
                      ...f.addressLocks.map((lock) =>
                        t("staffMembers:account.addressLocked", { ip: lock.ip, until: lock.until }),
                      ),
                    ]
                      .filter(Boolean)
                      .join(" · ")
                  : t("staffMembers:account.notLocked")}
              </Field>
              <Field label={t("staffMembers:account.directDebitBlocked")}>{user.directDebitBlockedAt}</Field>
            </dl>
          </Card>
        </div>
        <div className="col-lg-4">
          <Card id="actions" title={t("staffMembers:actions.title")}>
            <ul className="list-unstyled mb-0" data-testid="member-actions">
              {f.actions.map((action) => (
                <li key={action} className="mb-1">
                  <Link to={`${base}/${action}`} data-action={action}>
                    {t(`staffMembers:actions.${action}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
          <Card id="credits" title={t("staffMembers:credits.title")}>
            <p className="display-6 mb-1" data-testid="member-credits">
              {user.credits}
            </p>
            <p className="small text-body-secondary mb-0">{t("staffMembers:credits.balance")}</p>
          </Card>
          <Card id="mail" title={t("staffMembers:mail.title")}>
            {user.notificationsDisabled.length > 0 ? (
              <p className="mb-1" data-testid="member-mail-off">
                {t("staffMembers:mail.off", {
                  reasons: user.notificationsDisabled
                    .map((r) => t(`staffMembers:mail.reasons.${r}`))
                    .join(", "),
                })}
              </p>
            ) : (
              <p className="mb-1">{t("staffMembers:mail.on")}</p>
            )}
            <p className="small mb-0">
              {user.emailNotificationsOff.length > 0
                ? t("staffMembers:mail.kindsOff", { kinds: user.emailNotificationsOff.join(", ") })
                : t("staffMembers:mail.allKindsOn")}
            </p>
          </Card>
          <Card id="activity" title={t("staffMembers:activity.title")}>
            <dl className="row mb-0">
              <Field label={t("staffMembers:activity.conversations")}>{counts.conversations}</Field>
              <Field label={t("staffMembers:activity.messagesSent")}>{counts.messagesSent}</Field>
              <Field label={t("staffMembers:activity.blocksMade")}>{counts.blocksMade}</Field>
              <Field label={t("staffMembers:activity.blocksReceived")}>{counts.blocksReceived}</Field>
            </dl>
          </Card>
        </div>
      </div>

      <Card id="profile" title={t("staffMembers:profile.title")}>
        {profile ? (
          <>
            <dl className="row">
              <Field label={t("staffMembers:profile.name")}>
                <Link to={`/members/${profile.id}`}>{`${profile.name} (#${profile.id})`}</Link>
              </Field>
              <Field label={t("staffMembers:profile.born")}>{profile.dateOfBirth}</Field>
              <Field label={t("staffMembers:profile.place")}>
                {[profile.city, profile.region, profile.country].filter(Boolean).join(", ")}
              </Field>
              <Field label={t("staffMembers:profile.status")}>
                {t(`staffMembers:profile.statuses.${profile.status}`)}
                {profile.isFictional ? ` · ${t("staffMembers:profile.fictional")}` : ""}
              </Field>
            </dl>
            {profile.photos.length === 0 ? (
              <Empty>{t("staffMembers:profile.noPhotos")}</Empty>
            ) : (
              <div className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-xl-6 g-2">
                {profile.photos.map((photo) => (
                  <div className="col" key={photo.id}>
                    <div
                      className="card h-100"
                      data-testid="member-photo"
                      data-photo-id={photo.id}
                      data-status={photo.status}
                      data-visibility={photo.visibility}
                    >
                      {photo.status === "deleted" ? (
                        <div className="ratio bg-body-tertiary" style={{ aspectRatio: "4 / 5" }}>
                          <span className="d-flex align-items-center justify-content-center small text-body-secondary p-2 text-center">
                            {t("staffMembers:profile.fileGone")}
                          </span>
                        </div>
                      ) : (
                        <a href={`/photos/${photo.id}/large`} target="_blank" rel="noreferrer">
                          <img
                            src={`/photos/${photo.id}/thumb`}
                            alt={t("staffMembers:profile.photoAlt", { id: photo.id })}
                            className="card-img-top"
                            width={240}
                            height={300}
                            loading="lazy"
                            style={{ aspectRatio: "4 / 5", objectFit: "cover", height: "auto" }}
                          />
                        </a>
                      )}
                      <div className="card-body p-2 small">
                        <span className="badge text-bg-light me-1">
                          {t(
                            photo.status === "deleted" && photo.rejectionReason
                              ? "staffMembers:profile.photoStatuses.rejected"
                              : `staffMembers:profile.photoStatuses.${photo.status}`,
                          )}
                        </span>
                        <span className="badge text-bg-light">
                          {t(`staffMembers:profile.visibility.${photo.visibility}`)}
                        </span>
                        {profile.mainPhotoId === photo.id && (
                          <span className="badge text-bg-primary ms-1">{t("staffMembers:profile.main")}</span>
                        )}
                        {photo.rejectionReason && (
                          <div className="text-break mt-1">{photo.rejectionReason}</div>
                        )}
                        <div className="text-body-secondary">{photo.createdAt}</div>
                      </div>
                    </div>
                  </div>
                ))}
              </div>
            )}
          </>
        ) : (
          <Empty>{t("staffMembers:member.noProfile")}</Empty>
        )}
      </Card>

      <Card id="ledger" title={t("staffMembers:ledger.title")}>
        {f.ledger.entries.length === 0 ? (
          <Empty>{t("staffMembers:ledger.empty")}</Empty>
        ) : (
          <>
            <Table
              testId="member-ledger"
              head={[
                t("staffMembers:columns.date"),
                t("staffMembers:ledger.delta"),
                t("staffMembers:ledger.balance"),
                t("staffMembers:ledger.reason"),
                t("staffMembers:ledger.reference"),
              ]}
            >
              {f.ledger.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="text-nowrap">{entry.createdAt}</td>
                  <td className={entry.delta < 0 ? "text-danger" : "text-success"}>
                    {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
                  </td>
                  <td>{entry.balanceAfter}</td>
                  <td>{t(`staffMembers:ledger.reasons.${entry.reason}`)}</td>
                  <td className="text-break small">{entry.reference}</td>
                </tr>
              ))}
            </Table>
            {f.ledger.pages > 1 && (
              <nav aria-label={t("staffMembers:ledger.pages")} className="mt-2">
                <ul className="pagination pagination-sm mb-0">
                  {f.ledger.page > 1 && (
                    <li className="page-item">
                      <Link className="page-link" to={`${base}?ledger=${f.ledger.page - 1}`}>
                        {t("staffMembers:lookup.previous")}
                      </Link>
                    </li>
                  )}
                  <li className="page-item disabled">
                    <span className="page-link">
                      {f.ledger.page} / {f.ledger.pages}
                    </span>
                  </li>
                  {f.ledger.page < f.ledger.pages && (
                    <li className="page-item">
                      <Link className="page-link" to={`${base}?ledger=${f.ledger.page + 1}`}>
                        {t("staffMembers:lookup.next")}
                      </Link>
                    </li>
                  )}
                </ul>
              </nav>
            )}
          </>
        )}
      </Card>

      <Card id="payments" title={t("staffMembers:payments.title", { count: counts.payments })}>
        {f.payments.length === 0 ? (
          <Empty>{t("staffMembers:payments.empty")}</Empty>
        ) : (
          <Table
            testId="member-payments"
            head={[
              t("staffMembers:columns.date"),
              t("staffMembers:payments.id"),
              t("staffMembers:payments.amount"),
              t("staffMembers:payments.method"),
              t("staffMembers:columns.status"),
            ]}
          >
            {f.payments.map((p) => (
              <tr key={p.id}>
                <td className="text-nowrap">{p.createdAt}</td>
                <td className="text-break small">{p.molliePaymentId ?? `#${p.id}`}</td>
                <td className="text-nowrap">
                  {p.amount} · {t("staffMembers:payments.credits", { count: p.credits })}
                  {p.refunded && (
                    <div className="small">{t("staffMembers:payments.refunded", { amount: p.refunded })}</div>
                  )}
                  {p.chargedBack && (
                    <div className="small text-danger">
                      {t("staffMembers:payments.chargedBack", { amount: p.chargedBack })}
                    </div>
                  )}
                </td>
                <td>
                  {p.method}
                  {p.sequenceType !== "oneoff" && ` (${p.sequenceType})`}
                </td>
                <td>{t(`staffMembers:payments.statuses.${p.status}`)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Card>

      <div className="row g-3">
        <div className="col-lg-6">
          <Card id="refunds" title={t("staffMembers:refunds.title")}>
            {f.refundRequests.length === 0 ? (
              <Empty>{t("staffMembers:refunds.empty")}</Empty>
            ) : (
              <Table
                head={[
                  t("staffMembers:columns.date"),
                  t("staffMembers:payments.amount"),
                  t("staffMembers:columns.status"),
                ]}
              >
                {f.refundRequests.map((r) => (
                  <tr key={r.id}>
                    <td className="text-nowrap">{r.createdAt}</td>
                    <td>
                      {r.amount} · {t("staffMembers:payments.credits", { count: r.credits })}
                      {r.reason && <div className="small text-break">{r.reason}</div>}
                    </td>
                    <td>{t(`staffMembers:refunds.statuses.${r.status}`)}</td>
                  </tr>
                ))}
              </Table>
            )}
          </Card>
        </div>
        <div className="col-lg-6">
          <Card id="direct-debit" title={t("staffMembers:directDebit.title")}>
            {user.directDebitBlockedAt && (
              <p className="text-danger" data-testid="member-direct-debit-blocked">
                {t("staffMembers:directDebit.blocked", { date: user.directDebitBlockedAt })}
              </p>
            )}
            {f.directDebitRequests.length === 0 ? (
              <Empty>{t("staffMembers:directDebit.empty")}</Empty>
            ) : (
              <Table
                head={[
                  t("staffMembers:columns.date"),
                  t("staffMembers:directDebit.account"),
                  t("staffMembers:payments.amount"),
                  t("staffMembers:columns.status"),
                ]}
              >
                {f.directDebitRequests.map((r) => (
                  <tr key={r.id}>
                    <td className="text-nowrap">{r.createdAt}</td>
                    <td className="text-break small">
                      {r.accountHolder}
                      <br />
                      {r.iban} · {r.phone}
                    </td>
                    <td className="text-nowrap">{r.amount}</td>
                    <td>
                      {r.payment
                        ? t(`staffMembers:payments.statuses.${r.payment.status}`)
                        : t(
                            r.verifiedAt
                              ? "staffMembers:directDebit.verified"
                              : "staffMembers:directDebit.unverified",
                          )}
                    </td>
                  </tr>
                ))}
              </Table>
            )}
          </Card>
        </div>
      </div>

      <Card id="logins" title={t("staffMembers:logins.title")}>
        {f.sessions.length === 0 ? (
          <Empty>{t("staffMembers:logins.noSessions")}</Empty>
        ) : (
          <Table
            head={[
              t("staffMembers:logins.started"),
              t("staffMembers:logins.lastUsed"),
              t("staffMembers:logins.address"),
              t("staffMembers:logins.device"),
            ]}
          >
            {f.sessions.map((s, index) => (
              <tr key={index}>
                <td className="text-nowrap">{s.createdAt}</td>
                <td className="text-nowrap">{s.lastUsedAt}</td>
                <td>{s.ip ?? "–"}</td>
                <td className="small text-break">{s.userAgent ?? "–"}</td>
              </tr>
            ))}
          </Table>
        )}
        <h3 className="h6 mt-3">{t("staffMembers:logins.failed")}</h3>
        {f.failedLogins.length === 0 ? (
          <Empty>{t("staffMembers:logins.noFailures")}</Empty>
        ) : (
          <ul className="small mb-0">
            {f.failedLogins.map((attempt, index) => (
              <li key={index}>
                {attempt.createdAt} · {attempt.ip}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card id="push" title={t("staffMembers:push.title")}>
        {f.pushDevices.length === 0 ? (
          <Empty>{t("staffMembers:push.empty")}</Empty>
        ) : (
          <ul className="small mb-0">
            {f.pushDevices.map((device) => (
              <li key={device.id} className="text-break">
                {device.userAgent || t("staffMembers:push.unknownDevice")} ·{" "}
                {t("staffMembers:push.since", { date: device.createdAt })}
                {device.lastSuccessAt &&
                  ` · ${t("staffMembers:push.lastSent", { date: device.lastSuccessAt })}`}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card id="complaints" title={t("staffMembers:complaints.title")}>
        <h3 className="h6">{t("staffMembers:complaints.about")}</h3>
        {f.complaintsAbout.length === 0 ? (
          <Empty>{t("staffMembers:complaints.none")}</Empty>
        ) : (
          <Table head={complaintHead}>{complaintRows(f.complaintsAbout)}</Table>
        )}
        <h3 className="h6 mt-3">{t("staffMembers:complaints.by")}</h3>
        {f.complaintsBy.length === 0 ? (
          <Empty>{t("staffMembers:complaints.none")}</Empty>
        ) : (
          <Table head={complaintHead}>{complaintRows(f.complaintsBy)}</Table>
        )}
        <h3 className="h6 mt-3">{t("staffMembers:complaints.reportsAbout")}</h3>
        {f.reportsAbout.length === 0 ? (
          <Empty>{t("staffMembers:complaints.none")}</Empty>
        ) : (
          <Table head={complaintHead}>{complaintRows(f.reportsAbout)}</Table>
        )}
        <h3 className="h6 mt-3">{t("staffMembers:complaints.reportsBy")}</h3>
        {f.reportsBy.length === 0 ? (
          <Empty>{t("staffMembers:complaints.none")}</Empty>
        ) : (
          <Table head={complaintHead}>{complaintRows(f.reportsBy)}</Table>
        )}
      </Card>

      <Card id="blocks" title={t("staffMembers:blocks.title")}>
        <div className="row">
          <div className="col-md-6">
            <h3 className="h6">{t("staffMembers:blocks.made", { count: counts.blocksMade })}</h3>
            <ul className="small">
              {f.blocksMade.map((b) => (
                <li key={b.blocked.id} className="text-break">
                  <Link to={`/staff/members/${b.blocked.id}`}>{b.blocked.email}</Link> · {b.createdAt}
                </li>
              ))}
            </ul>
          </div>
          <div className="col-md-6">
            <h3 className="h6">{t("staffMembers:blocks.received", { count: counts.blocksReceived })}</h3>
            <ul className="small">
              {f.blocksReceived.map((b) => (
                <li key={b.blocker.id} className="text-break">
                  <Link to={`/staff/members/${b.blocker.id}`}>{b.blocker.email}</Link> · {b.createdAt}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Card>

      <Card id="bans" title={t("staffMembers:bans.title")}>
        {f.bans.length === 0 ? (
          <Empty>{t("staffMembers:bans.empty")}</Empty>
        ) : (
          <ul className="mb-0" data-testid="member-bans">
            {f.bans.map((ban) => (
              <li key={ban.id} className="mb-2">
                {t("staffMembers:bans.line", {
                  date: ban.createdAt,
                  reason: t(`staffMembers:banReasons.${ban.reason}`),
                  staff: ban.bannedBy.email,
                })}
                <div className="small text-break">{ban.note}</div>
                {ban.liftedAt && (
                  <div className="small text-success">
                    {t("staffMembers:bans.lifted", { date: ban.liftedAt, staff: ban.liftedBy?.email ?? "–" })}
                    {ban.liftNote && ` ${ban.liftNote}`}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card id="staff-actions" title={t("staffMembers:staffActions.title")}>
        {f.staffActions.length === 0 ? (
          <Empty>{t("staffMembers:staffActions.empty")}</Empty>
        ) : (
          <ul className="list-unstyled small mb-0" data-testid="member-staff-actions">
            {f.staffActions.map((action) => (
              <li key={action.id} className="mb-1" data-action={action.action}>
                <span className="text-body-secondary">
                  {action.createdAt}, {action.staff}:
                </span>{" "}
                {t(`staffMembers:staffActions.kinds.${action.action}`)}
                {action.detail && (
                  <div className="text-break text-body-secondary font-monospace">{action.detail}</div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </main>
  );
}
