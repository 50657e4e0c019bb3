import type { TranslationHandle } from "~/lib/i18n";
import { data } from "react-router";
import {
  unsubscribeByToken,
  unsubscribeTopic,
  type UnsubscribeResult,
} from "~/domain/notifications/unsubscribe.server";
import { noStore } from "~/lib/api-responses.server";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/middleware/context";
import { getInstance } from "~/middleware/i18n.server";
import { Unsubscribed } from "~/ui/mailings/unsubscribed";
import type { Route } from "./+types/unsubscribe.$token";
import { titleMeta } from "~/ui/page-title";

export const handle: TranslationHandle = { i18n: ["mailings", "settings"] };

const headers = { ...noStore, "X-Robots-Tag": "noindex" };

function page(result: UnsubscribeResult, confirm: boolean, context: Route.LoaderArgs["context"]) {
  const t = getInstance(context).t;
  const okTitle = confirm ? "mailings:unsubscribe.confirmTitle" : "mailings:unsubscribe.title";
  const title = t(result.ok ? okTitle : `mailings:unsubscribe.${result.error}Title`);
  const body = {
    key: result.ok ? result.key : null,
    confirm: result.ok && confirm,
    rateLimited: !result.ok && result.error === "rateLimited",
    title,
    siteName: context.get(requestInfoContext).site.name,
  };
  const status = result.ok ? 200 : result.error === "rateLimited" ? 429 : 400;
  return data(body, { status, headers: status === 429 ? { ...headers, "Retry-After": "3600" } : headers });
}

/**
 * GET /unsubscribe/{token}: the mail's visible link asks first (which kind of mail, a button) and
 * turns nothing off, since mail scanners open links (docs/decisions/0017-mail-links.md).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return page(unsubscribeTopic(params.token), true, context);
}

/**
 * POST /unsubscribe/{token}: the page's button, or RFC 8058 one-click from the mail provider (no
 * login, no cookies, no confirmation); turns the kind off, 200 when done.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return page(await unsubscribeByToken(params.token, clientIp(request)), false, context);
}

export const meta: Route.MetaFunction = ({ data: page }) =>
  titleMeta(page, { name: "robots", content: "noindex" });

export default function UnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return <Unsubscribed unsubscribedKey={page.key} confirm={page.confirm} rateLimited={page.rateLimited} />;
}
