import { data } from "react-router";
import { z } from "zod";
import { photoForViewer } from "~/domain/photos/access.server";
import { requestInfoContext } from "~/middleware/context";
import type { Route } from "./+types/photos.$photoId.$size";
import { rowIdSchema } from "~/lib/row-id";

const paramsSchema = z.object({
  photoId: rowIdSchema,
  size: z.enum(["thumb", "large"]),
});

const PUBLIC_PHOTO_CACHE = "public, max-age=86400, s-maxage=600";

/** Serves a photo only to who may see it (see photoForViewer); a refusal is a plain 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  const notFound = () => data(null, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  if (!parsed.success) throw notFound();
  const { user, site } = context.get(requestInfoContext);
  const photo = await photoForViewer(parsed.data.photoId, parsed.data.size, user ?? null, site.id);
  if (!photo) throw notFound();
  return new Response(new Uint8Array(photo.body), {
    headers: {
      "Content-Type": "image/webp",
      // A photo made private or deleted must leave shared caches (a CDN, a proxy) soon; a browser
      // that showed it may keep it a day.
      "Cache-Control": photo.cacheable ? PUBLIC_PHOTO_CACHE : "private, no-store",
      "Content-Length": String(photo.body.length),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
