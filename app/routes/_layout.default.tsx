import { Outlet } from "react-router";
import { DefaultLayout } from "~/ui/layouts/default-layout";

export default function DefaultLayoutRoute() {
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  );
}
