import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The site map (SPEC section 2), grouped by layout. Later work adds its routes here.
export default [
  // Resource routes: no layout.
  route("entry-warning", "routes/entry-warning.ts"),
  route("resources/locales/:lng", "routes/resources.locales.ts"),
  route("photos/:photoId/:size", "routes/photos.$photoId.$size.ts"),
  route("logout", "routes/logout.ts", { id: "logout" }),
  route("api/logout.php", "routes/logout.ts", { id: "api-logout" }),
  route("api/user.php", "routes/api.user.ts"),
  route("activate", "routes/activate.ts"),
  route("reactivate", "routes/reactivate.ts"),

  layout("routes/_layout.default.tsx", [
    index("routes/home.tsx"),
    route("pages/:page", "routes/pages.$page.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("lang-config", "routes/lang-config.tsx"),
    route("login", "routes/login.tsx"),
    route("dev/outbox", "routes/dev.outbox.tsx"),
    route("dev/outbox/:mailId", "routes/dev.outbox.$mailId.tsx"),
    route("signup", "routes/signup.tsx"),
    route("signup-matches", "routes/signup-matches.tsx"),
    route("complete-signup", "routes/complete-signup.tsx"),
    route("activate/done", "routes/activate.done.tsx"),
    route("activate/error", "routes/activate.error.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("reset-password/do", "routes/reset-password.do.tsx"),
    route("mail-change/do", "routes/mail-change.do.tsx"),
    route("settings", "routes/settings.tsx"),
    route("settings/delete", "routes/settings.delete.tsx"),
    route("account-deleted", "routes/account-deleted.tsx"),
    route("complaints", "routes/complaints.tsx"),
    route("staff/complaints", "routes/staff.complaints.tsx"),
  ]),
] satisfies RouteConfig;
