import type { TranslationHandle } from "~/lib/i18n";
import { Outlet } from "react-router";
import { DefaultLayout } from "~/ui/layouts/default-layout";
import { RouteErrorPage } from "~/ui/error-page";
import type { Route } from "./+types/_layout.default";

export const handle: TranslationHandle = {
  i18n: [],
  memberI18n: ["discounts", "likes", "mailings", "photos", "push", "settings", "signup"],
};

export default function DefaultLayoutRoute() {
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  );
}

/** A page's error inside the site's chrome (top bar, footer), which stays usable. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultLayout>
      <RouteErrorPage error={error} />
    </DefaultLayout>
  );
}
