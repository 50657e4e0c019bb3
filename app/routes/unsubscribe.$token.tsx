import { data } from "react-router";
import { unsubscribeByToken } from "~/domain/notifications/unsubscribe.server";
import { noStore } from "~/lib/api-responses.server";
import { requestInfoContext } from "~/lib/context";
import { getInstance } from "~/middleware/i18n.server";
import { Unsubscribed } from "~/ui/mailings/unsubscribed";
import type { Route } from "./+types/unsubscribe.$token";

const headers = { ...noStore, "X-Robots-Tag": "noindex" };

async function unsubscribe(token: string, context: Route.LoaderArgs["context"]) {
  const result = await unsubscribeByToken(token);
  const t = getInstance(context).t;
  const title = t(result ? "mailings:unsubscribe.title" : "mailings:unsubscribe.invalidTitle");
  const page = { key: result?.key ?? null, title, siteName: context.get(requestInfoContext).site.name };
  return data(page, { status: result ? 200 : 400, headers });
}

/** GET /unsubscribe/{token}: the mail's visible link turns that one kind off (no login) and says so. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return unsubscribe(params.token, context);
}

/** POST /unsubscribe/{token}: RFC 8058 one-click from the mail provider (no login, no cookies); 200 when done. */
export async function action({ params, context }: Route.ActionArgs) {
  return unsubscribe(params.token, context);
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.title} | ${page?.siteName}` },
  { name: "robots", content: "noindex" },
];

export default function UnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <Unsubscribed unsubscribedKey={(actionData ?? loaderData).key} />;
}
