import { data, redirect } from "react-router";
import { dataExportDownload } from "~/domain/privacy/data-export.server";
import { rowIdSchema } from "~/lib/row-id";
import { requireUser } from "~/middleware/guards.server";
import type { Route } from "./+types/settings.data-export.$id";

const NOT_FOUND = { status: 404, headers: { "Cache-Control": "private, no-store" } };

/**
 * GET /settings/data-export/:id: the member's own data archive (docs/product.md, Your data),
 * streamed from storage. A visitor logs in first and comes back here; another member's archive, or
 * one not made, is a 404; past its 48 hours the settings page says it expired.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const id = rowIdSchema.safeParse(params.id);
  if (!id.success) throw data(null, NOT_FOUND);
  const found = await dataExportDownload(user.id, id.data);
  if (!found.ok) {
    if (found.error === "expired") throw redirect("/settings?dataExport=expired#data-export-title");
    throw data(null, NOT_FOUND);
  }
  return new Response(found.body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(found.size),
      "Content-Disposition": `attachment; filename="${found.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
