import { linkOrigin } from "~/middleware/link-origin.server";
import { data, redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/middleware/guards.server";
import { LIKE_NOTICE_PARAM, type LikeActionData, type LikeNotice } from "~/domain/likes/like-action";
import { like, unlike } from "~/domain/likes/like.server";
import { profileIdFrom } from "~/routes/+shared/profile-id.server";
import { requestInfoContext } from "~/middleware/context";
import { safeRedirectPath } from "~/lib/redirect.server";
import type { Route } from "./+types/members.$id.like";
import { readFields } from "~/middleware/request-body.server";
import { answerOrNoAnswer } from "~/ui/send-retries";

const likeForm = z.object({
  intent: z.enum(["like", "unlike"]),
  /** Sent by plain forms (no JavaScript): where to return; scripts get JSON instead. */
  redirectTo: z.string().optional(),
});

/** The page a plain form came from, with the outcome worth telling (a match or a refusal). */
function backTo(path: string, notice: LikeNotice | null) {
  const url = new URL(path, "http://local");
  url.searchParams.delete(LIKE_NOTICE_PARAM);
  if (notice) url.searchParams.set(LIKE_NOTICE_PARAM, notice);
  return redirect(url.pathname + url.search);
}

/** POST /members/{id}/like: like or unlike the member; visitors are asked to log in first. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const profileId = profileIdFrom(params);
  const form = likeForm.safeParse(await readFields(request));
  if (!form.success) throw data(null, { status: 400 });
  const back = form.data.redirectTo === undefined ? null : safeRedirectPath(form.data.redirectTo);
  // Unconfirmed members may like too: their likes show once they confirmed (hidden profiles are not listed).
  const user = requireUser(context, request, { back: back ?? `/members/${profileId}`, reason: "like" });
  let answer: LikeActionData;
  if (form.data.intent === "like") {
    const result = await like(user.id, profileId, linkOrigin(request, context.get(requestInfoContext).site));
    answer = result.ok ? { ok: true, liked: true, matched: result.matched } : result;
  } else {
    const result = await unlike(user.id, profileId);
    answer = result.ok ? { ok: true, liked: false, matched: false } : { ok: false, error: "notFound" };
  }
  if (back !== null) {
    return backTo(back, answer.ok ? (answer.matched ? "matched" : null) : answer.error);
  }
  return data(answer, { status: answer.ok ? 200 : answer.error === "rateLimited" ? 429 : 409 });
}

/** With JavaScript a like that got no answer is sent again (app/ui/send-retries.ts). */
export const clientAction = (args: Route.ClientActionArgs) => answerOrNoAnswer(args);
