import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The site map, grouped by layout. Later work adds its routes here. The stand-ins' pages (app/stand-ins)
// have ids starting with `stand-ins/`: a server where stand-ins may not run drops them
// (server/app.ts), so they do not exist there.
// The order is for a reader: React Router ranks paths by their segments, and listing the busiest
// first measured within noise (decision 0064).
export default [
  layout("routes/_layout.default.tsx", [
    index("routes/home.tsx"),
    route("members", "routes/members.tsx"),
    route("members/:id", "routes/members.$id.tsx", { id: "members-id" }),
    route("likes/m/:id", "routes/members.$id.tsx", { id: "likes-m-id" }),
    route("likes", "routes/likes.tsx", { id: "likes" }),
    route("likes/:type", "routes/likes.tsx", { id: "likes-type" }),
    route("pages/:page", "routes/pages.$page.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("lang-config", "routes/lang-config.tsx"),
    route("login", "routes/login.tsx"),
    // A banned member's appeal, from the login's ban notice (docs/product.md, Appeals).
    route("login/appeal", "routes/login.appeal.tsx"),
    route("dev/outbox", "stand-ins/routes/dev.outbox.tsx", { id: "stand-ins/dev-outbox" }),
    route("dev/outbox/:mailId", "stand-ins/routes/dev.outbox.$mailId.tsx", {
      id: "stand-ins/dev-outbox-mail",
    }),
    route("dev/sms", "stand-ins/routes/dev.sms.tsx", { id: "stand-ins/dev-sms" }),
    route("signup", "routes/signup.tsx"),
    route("signup-matches", "routes/signup-matches.tsx"),
    route("complete-signup", "routes/complete-signup.tsx"),
    route("activate", "routes/activate.tsx"),
    route("logout", "routes/logout.tsx", { id: "logout" }),
    // Accepting terms that changed since the member last accepted them (decision 0061).
    route("terms/accept", "routes/terms.accept.tsx"),
    route("api/logout.php", "routes/logout.tsx", { id: "api-logout" }),
    route("activate/done", "routes/activate.done.tsx"),
    route("activate/error", "routes/activate.error.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("reset-password/do", "routes/reset-password.do.tsx"),
    route("mail-change/do", "routes/mail-change.do.tsx"),
    route("settings", "routes/settings.tsx"),
    route("notifications", "routes/notifications.tsx"),
    route("settings/delete", "routes/settings.delete.tsx"),
    route("account-deleted", "routes/account-deleted.tsx"),
    route("complaints", "routes/complaints.tsx"),
    route("staff/complaints", "routes/staff.complaints.tsx"),
    route("staff/payments", "routes/staff.payments.tsx"),
    route("staff/mailings", "routes/staff.mailings.tsx"),
    route("unsubscribe/:token", "routes/unsubscribe.$token.tsx"),
    route("staff/funnel", "routes/staff.funnel.tsx"),
    route("staff/campaigns", "routes/staff.campaigns.tsx"),
    route("profile", "routes/profile.tsx"),
    route("profile/photos", "routes/profile.photos.tsx"),
    route("staff/photos", "routes/staff.photos.tsx"),
    route("staff/appeals", "routes/staff.appeals.tsx"),
    // Back office: the overview, the member lookup and the member page (docs/product.md, Staff).
    route("staff", "routes/staff.tsx"),
    route("staff/members", "routes/staff.members.tsx"),
    route("staff/members/:id", "routes/staff.members.$id.tsx"),
    // Staff actions on one member (ban, credits, mails, sessions, locks), each confirmed with a reason.
    route("staff/members/:id/:action", "routes/staff.members.$id.$action.tsx"),
    // Members whose first contact was refused as possible spam (docs/product.md, Trust and first contact).
    route("staff/spam", "routes/staff.spam.tsx"),
    // Back office, admins only: the site's settings, credit packages and gifts.
    route("staff/settings", "routes/staff.settings.tsx"),
    route("staff/packages", "routes/staff.packages.tsx"),
    route("staff/gifts", "routes/staff.gifts.tsx"),
    // Admins' back office: discount codes, the staff action log (and its CSV), staff accounts.
    route("staff/discount-codes", "routes/staff.discount-codes.tsx"),
    route("staff/actions", "routes/staff.actions.tsx"),
    route("staff/team", "routes/staff.team.tsx"),
    route("match-finder", "routes/match-finder.tsx"),
    route("swipe-game", "routes/swipe-game.tsx"),
    route("premium", "routes/premium.tsx"),
    route("credits", "routes/credits.tsx"),
    route("credits/repeat-order", "routes/credits.repeat-order.tsx"),
    route("directdebit", "routes/directdebit.tsx"),
    route("credits/:id/:paymentmethod?", "routes/credits.$id.tsx", { id: "credits-id-paymentmethod" }),
    route("transactions", "routes/transactions.tsx"),
    route("transactions/:id", "routes/transactions.$id.tsx"),
    route("dev/mollie/checkout/:id", "stand-ins/routes/dev.mollie.checkout.$id.tsx", {
      id: "stand-ins/dev-mollie-checkout",
    }),
  ]),

  layout("routes/_layout.chat.tsx", [
    route("chats", "routes/chats.tsx"),
    route("chats/:id", "routes/chats.$id.tsx"),
    route("chats/:id/report", "routes/chats.$id.report.tsx"),
    route("members/:id/chat", "routes/members.$id.chat.tsx"),
  ]),

  layout("routes/_layout.lander.tsx", [
    route("landers/:design/:slug?", "routes/landers.$design.tsx"),
    route("members/:id/landing", "routes/members.$id.landing.tsx", { id: "members-id-landing" }),
    route("members/:id/landing2/:slug?", "routes/members.$id.landing.tsx", { id: "members-id-landing2" }),
    route("members/:id/landing3/:slug?", "routes/members.$id.landing.tsx", { id: "members-id-landing3" }),
    route("members/:id/signup", "routes/members.$id.landing.tsx", { id: "members-id-signup" }),
  ]),

  // Resource routes: no layout.
  route("entry-warning", "routes/entry-warning.ts"),
  route("resources/locales/:lng", "routes/resources.locales.ts"),
  route("photos/:photoId/:size", "routes/photos.$photoId.$size.ts"),
  route("api/user.php", "routes/api.user.ts"),
  route("api/events", "routes/api.events.ts"),
  route("api/page-hidden.php", "routes/api.page-hidden.ts"),
  route("api/settings.php", "routes/api.settings.ts"),
  route("api/geocode.php", "routes/api.geocode.ts"),
  route("members/:id/like", "routes/members.$id.like.ts"),
  route("likes/announced", "routes/likes.announced.ts"),
  route("api/likes.php", "routes/api.likes.ts"),
  route("api/auto-like.php", "routes/api.auto-like.ts"),
  route("reactivate", "routes/reactivate.tsx"),
  route("api/chats.php", "routes/api.chats.ts"),
  route("api/chat.php", "routes/api.chat.ts"),
  route("chat-photos/:id/:size", "routes/chat-photos.$id.$size.ts"),
  route("chats/list", "routes/chats.list.ts"),
  route("chats/gift", "routes/chats.gift.ts"),
  route("chats/photo", "routes/chats.photo.ts"),
  route("payments/webhook", "routes/payments.webhook.ts"),
  route("api/discountcode.php", "routes/api.discountcode.ts"),
  route("time-bonus/dismiss", "routes/time-bonus.dismiss.ts"),
  route("api/lander-bounce", "routes/api.lander-bounce.ts"),
  route("api/interests.php", "routes/api.interests.ts"),
  route("api/regions.php", "routes/api.regions.ts"),
  route("api/companyinfo.php", "routes/api.companyinfo.ts"),
  route("api/mail-events", "routes/api.mail-events.ts"),
  route("mail-alert", "routes/mail-alert.ts"),
  // The member's own data archive (docs/product.md, Your data), streamed as a download.
  route("settings/data-export/:id", "routes/settings.data-export.$id.ts"),

  // Campaign links (`/{token}`): last, and every static path above outranks this dynamic one.
  route(":token", "routes/$token.tsx"),
] satisfies RouteConfig;
