import { data, redirect } from "react-router";
import { block, unblock } from "~/domain/profiles/blocks.server";

/** One handler per `intent` of the profile page; each gets who posted, about which profile, and the page. */
export interface ProfileViewIntentArgs {
  userId: number;
  profileId: number;
  /** The profile page's path, where a done block or unblock returns. */
  pathname: string;
}

/** Without JavaScript the first post asks for confirmation; the confirmation form posts confirm=1. */
export async function blockIntent(
  { userId, profileId, pathname }: ProfileViewIntentArgs,
  confirmed: boolean,
) {
  if (!confirmed) return { confirmBlock: true };
  const result = await block(userId, profileId);
  if (!result.ok) throw data(null, { status: result.error === "self" ? 400 : 404 });
  return redirect(pathname);
}

export async function unblockIntent({ userId, profileId, pathname }: ProfileViewIntentArgs) {
  await unblock(userId, profileId);
  return redirect(pathname);
}
