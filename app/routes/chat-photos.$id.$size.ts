import { data } from "react-router";
import { z } from "zod";
import { chatPhotoForViewer } from "~/domain/chat/chat-photos.server";
import { requestInfoContext } from "~/middleware/context";
import type { Route } from "./+types/chat-photos.$id.$size";
import { rowIdSchema } from "~/lib/row-id";

const paramsSchema = z.object({
  id: rowIdSchema,
  size: z.enum(["thumb", "large"]),
});

/**
 * A chat photo, only for its owner, the other member of its conversation and staff checking a report
 * (see canViewChatPhoto); anyone else gets a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const notFound = () => data(null, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound();
  const { user } = context.get(requestInfoContext);
  const body = await chatPhotoForViewer(parsed.data.id, parsed.data.size, user);
  if (!body) throw notFound();
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "private, no-store",
      "Content-Length": String(body.length),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
