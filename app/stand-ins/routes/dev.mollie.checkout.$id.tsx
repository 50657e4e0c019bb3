import { useTranslation } from "~/ui/use-translation";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { usingMollieSimulator } from "~/domain/payments/mollie.server";
import { completeSimulatedPayment, simulatedPayment } from "~/stand-ins/mollie-simulator.server";
import { requireStandInPage } from "~/stand-ins/page-guards.server";
import { SIMULATED_OUTCOMES } from "~/stand-ins/simulated-outcomes";
import type { Route } from "./+types/dev.mollie.checkout.$id";
import { readFields } from "~/middleware/request-body.server";
import type { TranslationHandle } from "~/lib/i18n";

export const handle: TranslationHandle = { i18n: ["payments"] };

/**
 * The Mollie simulator's checkout of one payment: only while the simulator stands in for Mollie,
 * and only for the member who started the payment, and staff, in every mode. Anyone else gets 404.
 */
async function requireOwnCheckout(context: Route.LoaderArgs["context"], id: string) {
  const payment = usingMollieSimulator() ? await simulatedPayment(id) : null;
  requireStandInPage(context, payment !== null, payment?.payerId ?? null);
  if (!payment) throw data(null, { status: 404 });
  return payment;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { payerId: _payer, ...payment } = await requireOwnCheckout(context, params.id);
  return { payment };
}

const formSchema = z.object({ outcome: z.enum(SIMULATED_OUTCOMES) });

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireOwnCheckout(context, params.id);
  const parsed = formSchema.safeParse(await readFields(request));
  if (!parsed.success) throw data(null, { status: 400 });
  const next = await completeSimulatedPayment(params.id, parsed.data.outcome);
  if (!next) throw data(null, { status: 404 });
  throw redirect(next);
}

export const meta: Route.MetaFunction = () => [
  { title: "Mollie simulator" },
  { name: "robots", content: "noindex" },
];

export default function SimulatorCheckoutRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { payment } = loaderData;
  return (
    <main className="container py-4" style={{ maxWidth: 520 }} data-testid="mollie-simulator">
      <h1 className="h4">{t("payments:simulator.title")}</h1>
      <p className="text-body-secondary">{t("payments:simulator.intro")}</p>
      <dl className="row">
        <dt className="col-5">{t("payments:simulator.description")}</dt>
        <dd className="col-7">{payment.description}</dd>
        <dt className="col-5">{t("payments:simulator.amount")}</dt>
        <dd className="col-7" data-testid="simulator-amount">
          {payment.currency} {payment.amount}
        </dd>
        <dt className="col-5">{t("payments:simulator.method")}</dt>
        <dd className="col-7">{payment.method}</dd>
      </dl>
      {payment.status !== "open" ? (
        <p data-testid="simulator-done">{t("payments:simulator.done", { status: payment.status })}</p>
      ) : (
        <Form method="post" className="d-grid gap-2">
          {SIMULATED_OUTCOMES.map((outcome) => (
            <button
              key={outcome}
              type="submit"
              name="outcome"
              value={outcome}
              className={`btn ${outcome === "paid" ? "btn-success" : "btn-outline-secondary"}`}
              data-testid={`simulate-${outcome}`}
            >
              {t(`payments:simulator.outcomes.${outcome}`)}
            </button>
          ))}
        </Form>
      )}
    </main>
  );
}
