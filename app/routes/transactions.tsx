import { useTranslation } from "~/ui/use-translation";
import { Link } from "react-router";
import { requireUser } from "~/middleware/guards.server";
import { memberPayments } from "~/domain/payments/member-payments.server";
import { formatMoney } from "~/domain/credits/money";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import type { Route } from "./+types/transactions";
import type { TranslationHandle } from "~/lib/i18n";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["payments"] };

/** /transactions: the member's payments, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return {
    payments: await memberPayments(user.id),
    title: getInstance(context).t("payments:transactions.title"),
    siteName: context.get(requestInfoContext).site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => titleMeta(data, { name: "robots", content: "noindex" });

export default function TransactionsRoute({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation();
  const date = new Intl.DateTimeFormat(language, { dateStyle: "medium" });
  return (
    <main className="container py-4">
      <h1 className="h3">{t("payments:transactions.title")}</h1>
      {loaderData.payments.length === 0 ? (
        <p data-testid="no-transactions">
          {t("payments:transactions.empty")} <Link to="/credits">{t("payments:packages.buy")}</Link>
        </p>
      ) : (
        <table className="table" data-testid="transactions">
          <thead>
            <tr>
              <th scope="col">{t("payments:transactions.date")}</th>
              <th scope="col">{t("payments:transactions.credits")}</th>
              <th scope="col">{t("payments:transactions.amount")}</th>
              <th scope="col">{t("payments:transactions.method")}</th>
              <th scope="col">{t("payments:transactions.status")}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.payments.map((p) => (
              <tr key={p.id} data-testid="transaction">
                <td>
                  <Link to={`/transactions/${p.id}`}>{date.format(new Date(p.createdAt))}</Link>
                </td>
                <td>{p.credits}</td>
                <td>{formatMoney(p.amountCents, p.currency, language)}</td>
                <td>{t(`payments:methods.${p.method}`, { defaultValue: p.method })}</td>
                <td data-testid="transaction-status">{t(`payments:status.${p.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
