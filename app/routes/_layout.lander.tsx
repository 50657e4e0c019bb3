import { Outlet } from "react-router";
import { LanderLayout } from "~/ui/layouts/lander-layout";
import { RouteErrorPage } from "~/ui/error-page";
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

/** A lander's error inside the lander's own chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LanderLayout>
      <RouteErrorPage error={error} />
    </LanderLayout>
  );
}
