import type { TranslationHandle } from "~/lib/i18n";
import { Outlet } from "react-router";
import { DefaultLayout } from "~/ui/layouts/default-layout";

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
