import { linkOrigin } from "~/middleware/link-origin.server";
import { requestInfoContext } from "~/middleware/context";
import { data } from "react-router";
import { z } from "zod";
import { syncPayment } from "~/domain/payments/sync-payment.server";
import { readForm } from "~/middleware/request-body.server";
import type { Route } from "./+types/payments.webhook";
import { logger } from "~/lib/logger.server";

const bodySchema = z.object({ id: z.string().regex(/^tr_\w{1,64}$/) });
const WEBHOOK_MAX_BYTES = 4096;

/**
 * POST /payments/webhook: Mollie reports that a payment changed, with nothing but its id. The
 * payment is fetched from Mollie and acted on by its real state. Unknown and forged ids get the
 * 200 Mollie expects (and nothing happens); a failure to reach Mollie gets 503, so Mollie retries.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405 });
  // Mollie's body is one short field: a larger one is not Mollie's and is not read on.
  const form = await readForm(request, { maxBytes: WEBHOOK_MAX_BYTES }).catch(() => new FormData());
  const parsed = bodySchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return new Response(null, { status: 200 });
  try {
    await syncPayment(parsed.data.id, linkOrigin(request, context.get(requestInfoContext).site));
  } catch (error) {
    logger.error("mollie webhook", { id: parsed.data.id, error: String(error) });
    return new Response(null, { status: 503 });
  }
  return new Response(null, { status: 200 });
}

export function loader() {
  throw data(null, { status: 405 });
}
