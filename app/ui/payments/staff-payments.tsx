import { useTranslation } from "~/ui/use-translation";
import { Form, Link } from "react-router";
import { formatMoney } from "~/domain/credits/money";
import type { StaffActionView } from "~/domain/staff/staff-action-view";
import { RecentStaffActions } from "~/ui/staff/recent-staff-actions";
import {
  STAFF_PAYMENT_STATUSES,
  type BlockedMemberView,
  type StaffPaymentsOutcome,
  type StaffPaymentView,
  type StaffRefundView,
} from "~/domain/payments/refund-view";

interface StaffPaymentsProps {
  payments: StaffPaymentView[];
  nextBefore: number | null;
  openRefunds: StaffRefundView[];
  decidedRefunds: StaffRefundView[];
  chargebacks: StaffPaymentView[];
  blocked: BlockedMemberView[];
  filter: { status: string; q: string };
  outcome?: StaffPaymentsOutcome;
  /** The latest lifted direct-debit blocks. */
  staffActions: StaffActionView[];
}

function useMoney() {
  const { language } = useTranslation();
  return (cents: number, currency: string) => formatMoney(cents, currency, language);
}

function OutcomeAlert({ outcome }: { outcome: StaffPaymentsOutcome }) {
  const { t } = useTranslation();
  const money = useMoney();
  const bad = outcome.kind === "failed" || outcome.kind === "uncertain";
  const values =
    outcome.kind === "refunded"
      ? {
          id: outcome.requestId,
          count: outcome.credits,
          amount: money(outcome.amountCents, outcome.currency),
        }
      : outcome.kind === "decided"
        ? { id: outcome.requestId, status: t(`refunds:staff.statuses.${outcome.status}`) }
        : "requestId" in outcome
          ? { id: outcome.requestId, error: "error" in outcome ? outcome.error : "" }
          : {};
  return (
    <div
      className={`alert ${bad ? "alert-danger" : "alert-success"}`}
      role={bad ? "alert" : "status"}
      data-testid="staff-payments-outcome"
      data-outcome={outcome.kind}
    >
      {t(`refunds:staff.outcome.${outcome.kind}`, values)}
    </div>
  );
}

function RefundRows({ refunds, actions }: { refunds: StaffRefundView[]; actions: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="table-responsive">
      <table className="table table-sm align-top">
        <thead>
          <tr>
            <th>{t("refunds:staff.columns.date")}</th>
            <th>{t("refunds:staff.columns.member")}</th>
            <th>{t("refunds:staff.columns.order")}</th>
            <th>{t("refunds:staff.columns.credits")}</th>
            <th>{t("refunds:staff.columns.amount")}</th>
            <th>{t("refunds:staff.columns.balance")}</th>
            <th>{t("refunds:staff.columns.reason")}</th>
            <th>{t("refunds:staff.columns.status")}</th>
            {actions && <th>{t("refunds:staff.columns.action")}</th>}
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id} data-testid="refund-request" data-status={refund.status} data-id={refund.id}>
              <td className="text-nowrap">{refund.createdAt}</td>
              <td>{refund.email}</td>
              <td>#{refund.paymentId}</td>
              <td>{refund.credits}</td>
              <td className="text-nowrap">{money(refund.amountCents, refund.currency)}</td>
              <td>
                {refund.balance}
                {actions && refund.balance < refund.credits && (
                  <div className="small text-danger">{t("refunds:staff.refunds.balanceLow")}</div>
                )}
              </td>
              <td style={{ minWidth: 200, whiteSpace: "pre-wrap" }}>
                {refund.reason || (
                  <span className="text-body-secondary">{t("refunds:staff.refunds.noReason")}</span>
                )}
              </td>
              <td>
                {t(`refunds:staff.statuses.${refund.status}`)}
                {refund.mollieRefundId && (
                  <div className="small text-body-secondary">{refund.mollieRefundId}</div>
                )}
                {refund.decidedAt && <div className="small text-body-secondary">{refund.decidedAt}</div>}
              </td>
              {actions && (
                <td>
                  <Form method="post" className="d-flex flex-wrap gap-1">
                    <input type="hidden" name="requestId" value={refund.id} />
                    <button type="submit" name="intent" value="approve" className="btn btn-sm btn-success">
                      {t("refunds:staff.refunds.approve")}
                    </button>
                    {refund.status === "requested" && (
                      <button
                        type="submit"
                        name="intent"
                        value="reject"
                        className="btn btn-sm btn-outline-danger"
                      >
                        {t("refunds:staff.refunds.reject")}
                      </button>
                    )}
                  </Form>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PaymentRows({ payments, testId }: { payments: StaffPaymentView[]; testId: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className="table-responsive">
      <table className="table table-sm align-top">
        <thead>
          <tr>
            <th>{t("refunds:staff.columns.date")}</th>
            <th>{t("refunds:staff.columns.order")}</th>
            <th>{t("refunds:staff.columns.member")}</th>
            <th>{t("refunds:staff.columns.mollie")}</th>
            <th>{t("refunds:staff.columns.method")}</th>
            <th>{t("refunds:staff.columns.credits")}</th>
            <th>{t("refunds:staff.columns.amount")}</th>
            <th>{t("refunds:staff.columns.status")}</th>
            <th>{t("refunds:staff.columns.refunded")}</th>
            <th>{t("refunds:staff.columns.chargedBack")}</th>
            <th>{t("refunds:staff.columns.notRecovered")}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id} data-testid={testId} data-id={payment.id}>
              <td className="text-nowrap">{payment.createdAt}</td>
              <td>#{payment.id}</td>
              <td>{payment.email}</td>
              <td className="text-nowrap">{payment.molliePaymentId}</td>
              <td>{t(`payments:methods.${payment.method}`, { defaultValue: payment.method })}</td>
              <td>{payment.credits}</td>
              <td className="text-nowrap">{money(payment.amountCents, payment.currency)}</td>
              <td>{t(`payments:status.${payment.status}`)}</td>
              <td className="text-nowrap">
                {payment.refundedCents > 0 && money(payment.refundedCents, payment.currency)}
              </td>
              <td className="text-nowrap">
                {payment.chargedBackCents > 0 && money(payment.chargedBackCents, payment.currency)}
              </td>
              <td>{payment.creditsNotRecovered > 0 && payment.creditsNotRecovered}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /staff/payments: works without JavaScript (plain forms and links). */
export function StaffPayments(props: StaffPaymentsProps) {
  const { t } = useTranslation();
  const {
    payments,
    nextBefore,
    openRefunds,
    decidedRefunds,
    chargebacks,
    blocked,
    filter,
    outcome,
    staffActions,
  } = props;
  const pageLink = (before?: number) => {
    const params = new URLSearchParams();
    if (filter.status) params.set("status", filter.status);
    if (filter.q) params.set("q", filter.q);
    if (before) params.set("before", String(before));
    const query = params.toString();
    return query ? `/staff/payments?${query}` : "/staff/payments";
  };
  return (
    <main className="container-fluid py-4">
      <h1 className="h3 text-primary">{t("refunds:staff.title")}</h1>
      {outcome && <OutcomeAlert outcome={outcome} />}

      <section className="mb-5" aria-labelledby="staff-refunds">
        <h2 id="staff-refunds" className="h5">
          {t("refunds:staff.refunds.title")}
        </h2>
        {openRefunds.length === 0 ? (
          <p className="text-body-secondary">{t("refunds:staff.refunds.empty")}</p>
        ) : (
          <RefundRows refunds={openRefunds} actions />
        )}
        {decidedRefunds.length > 0 && (
          <details className="mt-2">
            <summary>{t("refunds:staff.refunds.decidedTitle")}</summary>
            <RefundRows refunds={decidedRefunds} actions={false} />
          </details>
        )}
      </section>

      <section className="mb-5" aria-labelledby="staff-chargebacks">
        <h2 id="staff-chargebacks" className="h5">
          {t("refunds:staff.chargebacks.title")}
        </h2>
        {chargebacks.length === 0 ? (
          <p className="text-body-secondary">{t("refunds:staff.chargebacks.empty")}</p>
        ) : (
          <PaymentRows payments={chargebacks} testId="chargeback" />
        )}
        <h3 className="h6 mt-3">{t("refunds:staff.blocked.title")}</h3>
        {blocked.length === 0 ? (
          <p className="text-body-secondary">{t("refunds:staff.blocked.empty")}</p>
        ) : (
          <ul className="list-unstyled">
            {blocked.map((member) => (
              <li
                key={member.userId}
                className="d-flex flex-wrap align-items-center gap-2 mb-2"
                data-testid="blocked-member"
              >
                <span>{member.email}</span>
                <span className="small text-body-secondary">
                  {t("refunds:staff.blocked.since", { date: member.blockedAt })}
                </span>
                <Form method="post">
                  <input type="hidden" name="userId" value={member.userId} />
                  <button
                    type="submit"
                    name="intent"
                    value="unblock"
                    className="btn btn-sm btn-outline-secondary"
                  >
                    {t("refunds:staff.blocked.unblock")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="staff-payments">
        <h2 id="staff-payments" className="h5">
          {t("refunds:staff.payments.title")}
        </h2>
        <Form method="get" className="row g-2 align-items-end mb-3" role="search">
          <div className="col-auto">
            <label htmlFor="payments-status" className="form-label">
              {t("refunds:staff.payments.status")}
            </label>
            <select id="payments-status" name="status" className="form-select" defaultValue={filter.status}>
              <option value="">{t("refunds:staff.payments.allStatuses")}</option>
              {STAFF_PAYMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`payments:status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="col-12 col-sm">
            <label htmlFor="payments-q" className="form-label">
              {t("refunds:staff.payments.search")}
            </label>
            <input id="payments-q" name="q" type="search" className="form-control" defaultValue={filter.q} />
          </div>
          <div className="col-auto">
            <button type="submit" className="btn btn-primary">
              {t("refunds:staff.payments.submit")}
            </button>
          </div>
        </Form>
        {payments.length === 0 ? (
          <p className="text-body-secondary">{t("refunds:staff.payments.empty")}</p>
        ) : (
          <PaymentRows payments={payments} testId="staff-payment" />
        )}
        <nav className="d-flex gap-3" aria-label={t("refunds:staff.payments.title")}>
          <Link to={pageLink()}>{t("refunds:staff.payments.newest")}</Link>
          {nextBefore && <Link to={pageLink(nextBefore)}>{t("refunds:staff.payments.older")}</Link>}
        </nav>
      </section>
      <RecentStaffActions actions={staffActions} />
    </main>
  );
}
