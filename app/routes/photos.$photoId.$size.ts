import { data } from "react-router";
import { z } from "zod";
import { readPublicPhoto } from "~/domain/photos/public-photo.server";
import type { Route } from "./+types/photos.$photoId.$size";

const paramsSchema = z.object({
  photoId: z.coerce.number().int().positive(),
  size: z.enum(["thumb", "large"]),
});

export async function loader({ params }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw data(null, { status: 404 });
  const body = await readPublicPhoto(parsed.data.photoId, parsed.data.size);
  if (!body) throw data(null, { status: 404 });
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=604800",
      "Content-Length": String(body.length),
    },
  });
}
