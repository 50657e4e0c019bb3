import type { TranslationHandle } from "~/lib/i18n";
import { data } from "react-router";
import { unsubscribeByToken } from "~/domain/notifications/unsubscribe.server";
import { noStore } from "~/lib/api-responses.server";
import { clientIp } from "~/lib/client-ip.server";
import { requestInfoContext } from "~/lib/context";
import { getInstance } from "~/middleware/i18n.server";
import { Unsubscribed } from "~/ui/mailings/unsubscribed";
import type { Route } from "./+types/unsubscribe.$token";

export const handle: TranslationHandle = { i18n: ["mailings", "settings"] };

const headers = { ...noStore, "X-Robots-Tag": "noindex" };

async function unsubscribe(request: Request, token: string, context: Route.LoaderArgs["context"]) {
  const result = await unsubscribeByToken(token, clientIp(request));
  const t = getInstance(context).t;
  const title = t(result.ok ? "mailings:unsubscribe.title" : `mailings:unsubscribe.${result.error}Title`);
  const page = {
    key: result.ok ? result.key : null,
    rateLimited: !result.ok && result.error === "rateLimited",
    title,
    siteName: context.get(requestInfoContext).site.name,
  };
  const status = result.ok ? 200 : result.error === "rateLimited" ? 429 : 400;
  return data(page, { status, headers: status === 429 ? { ...headers, "Retry-After": "3600" } : headers });
}

/** GET /unsubscribe/{token}: the mail's visible link turns that one kind off (no login) and says so. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return unsubscribe(request, params.token, context);
}

/** POST /unsubscribe/{token}: RFC 8058 one-click from the mail provider (no login, no cookies); 200 when done. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return unsubscribe(request, params.token, context);
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.title} | ${page?.siteName}` },
  { name: "robots", content: "noindex" },
];

export default function UnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return <Unsubscribed unsubscribedKey={page.key} rateLimited={page.rateLimited} />;
}
