import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import { useEffect, useState } from "react";
import { TranslatorProvider } from "~/ui/use-translation";
import type { Route } from "./+types/root";
import { newestUnannouncedLike } from "./domain/likes/new-likes.server";
import { memberCounts } from "./domain/accounts/member-counts.server";
import { timeBonusState } from "./domain/payments/time-bonus";
import { siteTexts } from "./domain/sites/site-texts.server";
import { requestInfoContext } from "./middleware/context";
import { ENTRY_WARNING_COOKIE, readCookie } from "./lib/cookies.server";
import { getLocale } from "./middleware/i18n.server";
import { type TranslationHandle, clientTranslationsUrl, pageNamespaces, visibleLocales } from "./lib/i18n";
import { clientResourcesVersion } from "./lib/i18n-resources.server";
import { rootMiddleware } from "./middleware/root.server";
import { useRootData } from "./lib/root-data";
import { useAppLinkNavigation } from "./ui/app-link";
import { RouteErrorPage } from "./ui/error-page";
import { useInstalledAppMode } from "./ui/installed-app/use-installed-app-mode";
import { DefaultLayout } from "./ui/layouts/default-layout";
import { LoadingBar } from "./ui/loading-bar";
import { IconSprite } from "~/ui/icons";
import { usePageTranslator } from "./ui/page-translations";
import { afterHydration, mountLater } from "./ui/hydrate-later";
import stylesheet from "./styles/app.scss?url";
import { isStaff } from "~/domain/core/staff-roles";

// A visitor's signup links open the modal from idle time on; until then they lead to /signup. It has
// no HTML of its own, so it mounts then (mountLater), rather than leaving an empty boundary in <body>.
const SignupLinks = mountLater(() => import("./ui/signup-modal").then((m) => m.SignupLinks));

export const handle: TranslationHandle = {
  i18n: ["installedApp"],
  memberI18n: ["discounts", "likes", "mailings", "photos", "push", "settings", "signup"],
};

export const middleware: Route.MiddlewareFunction[] = rootMiddleware;

export const links: Route.LinksFunction = () => [
  // `precedence` makes React write the stylesheet before the module preloads: the only render-blocking
  // request is then first in line on a slow connection, not behind 130 KB of scripts.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const {
    site,
    country,
    installedApp,
    user,
    nonce,
    memberCounts: countsRead,
  } = context.get(requestInfoContext);
  // `?t=N` asks for the "New like!" modal; without JavaScript the banner shows that like instead.
  const likeAnnouncement = user && new URL(request.url).searchParams.has("t");
  const [counts, newestLike] = user
    ? await Promise.all([
        countsRead ?? memberCounts(user.id),
        likeAnnouncement ? newestUnannouncedLike(user.id) : null,
      ])
    : [null, null];
  const timeBonus = user ? timeBonusState(user) : null;
  const locale = getLocale(context) as ReturnType<typeof visibleLocales>[number];
  const texts = siteTexts(site, locale);
  const dismissed = Number(readCookie(request, ENTRY_WARNING_COOKIE));
  return {
    locale,
    nonce,
    i18nVersion: clientResourcesVersion,
    visibleLocales: visibleLocales(country, locale),
    country,
    installedApp,
    site: {
      name: site.name,
      description: texts.description,
      enableSiteEntryPopup: site.enableSiteEntryPopup,
      fictionalWarning: site.fictionalWarning,
      fictionalPlural: texts.fictionalPlural,
      minAge: site.minAge,
      companyName: site.company.name,
      timeZone: site.timeZone,
    },
    entryWarningDismissedAt: Number.isFinite(dismissed) && dismissed > 0 ? dismissed : null,
    user: user && {
      name: user.profile?.name ?? "",
      credits: user.credits,
      paidUser: user.paidUser,
      staffRole: isStaff(user.role) ? (user.role as "support" | "admin") : null,
      status: user.status,
      profileStatus: user.profile?.status ?? null,
      notificationsDisabled: user.notificationsDisabled,
      // The "disabled notifications" alert: why mail stopped and how to undo it, until closed.
      mailsOffAlert:
        user.notificationsDisabled.length > 0 && !user.notificationsAlertDismissedAt
          ? { email: user.email, reasons: user.notificationsDisabled }
          : null,
      // The "push notifications" alert: offered (where the browser can do push) until closed.
      pushAlert: user.status === "confirmed" && !user.pushAlertDismissedAt,
      // The "profile photo" alert: a confirmed member (not staff; unconfirmed ones get the activation
      // reminder first) without an approved main photo who did not dismiss it.
      photoAlert: Boolean(
        user.role === "member" &&
        user.status === "confirmed" &&
        user.profile &&
        !user.photoAlertDismissedAt &&
        user.profile.mainPhoto?.status !== "active",
      ),
      mainPhotoId: user.profile?.mainPhoto?.status === "active" ? user.profile.mainPhoto.id : null,
      counts: counts!,
      newestLike,
      // The time bonus: when it ends (null: none), the seconds left now, whether the modal was closed.
      timeBonusEndsAt: timeBonus?.endsAt.toISOString() ?? null,
      timeBonusSecondsLeft: timeBonus?.secondsLeft ?? 0,
      timeBonusDismissed: timeBonus?.dismissed ?? false,
    },
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const namespaces = pageNamespaces(useMatches(), { member: Boolean(data?.user) });
  const translator = usePageTranslator(namespaces);
  // The first page's namespaces, which entry.client.tsx loads; later pages load what they add.
  const [firstNamespaces] = useState(namespaces);
  return (
    <html
      lang={data?.locale ?? "nl"}
      data-i18n={data?.i18nVersion}
      data-i18n-ns={firstNamespaces.join(",")}
      dir="ltr"
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c8007a" />
        {/* Every page shares the site's description (search results, Lighthouse's meta-description). */}
        {data?.site.description && <meta name="description" content={data.site.description} />}
        <Meta />
        <Links />
        {/* Fetched while the scripts download, not after them (entry.client.tsx waits for it). */}
        {data && (
          <link
            rel="preload"
            as="fetch"
            crossOrigin="anonymous"
            href={clientTranslationsUrl(data.locale, data.i18nVersion, firstNamespaces)}
          />
        )}
      </head>
      <body>
        <TranslatorProvider value={translator}>
          <LoadingBar />
          <IconSprite />
          {children}
        </TranslatorProvider>
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useInstalledAppMode(useRootData()?.installedApp ?? false);
  useAppLinkNavigation();
  // Marks the page as interactive, for tests that must not act before React handles events.
  useEffect(() => {
    // Push and the offline page (public/sw.js): nothing the page needs now, so in idle time.
    const idle = afterHydration();
    document.documentElement.dataset.hydrated = "true";
    void idle.then(() => import("./ui/push/push-client")).then((push) => push.registerServiceWorker());
    try {
      // The offline page shows itself in this language (public/offline.html).
      localStorage.setItem("offline-language", document.documentElement.lang);
    } catch {
      // No storage (a private window): the offline page stays in Dutch and English.
    }
  }, []);
  return (
    <>
      <Outlet />
      <SignupLinks />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <DefaultLayout>
      <RouteErrorPage error={error} />
    </DefaultLayout>
  );
}
