import { Outlet } from "react-router";
import { LanderLayout } from "~/ui/layouts/lander-layout";
import landerStyles from "~/styles/landers.css?url";
import type { Route } from "./+types/_layout.lander";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: landerStyles, precedence: "default" },
];

export default function LanderLayoutRoute() {
  return (
    <LanderLayout>
      <Outlet />
    </LanderLayout>
  );
}
