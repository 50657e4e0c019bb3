import { data } from "react-router";
import { z } from "zod";
import { syncPayment } from "~/domain/payments/sync-payment.server";
import type { Route } from "./+types/payments.webhook";

const bodySchema = z.object({ id: z.string().regex(/^tr_\w{1,64}$/) });

/**
 * POST /payments/webhook: Mollie reports that a payment changed, with nothing but its id. The
 * payment is fetched from Mollie and acted on by its real state. Unknown and forged ids get the
 * 200 Mollie expects (and nothing happens); a failure to reach Mollie gets 503, so Mollie retries.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405 });
  const parsed = bodySchema.safeParse(
    Object.fromEntries(await request.formData().catch(() => new FormData())),
  );
  if (!parsed.success) return new Response(null, { status: 200 });
  try {
    await syncPayment(parsed.data.id, new URL(request.url).origin);
  } catch (error) {
    console.error(
      JSON.stringify({ level: "error", msg: "mollie webhook", id: parsed.data.id, error: String(error) }),
    );
    return new Response(null, { status: 503 });
  }
  return new Response(null, { status: 200 });
}

export function loader() {
  throw data(null, { status: 405 });
}
