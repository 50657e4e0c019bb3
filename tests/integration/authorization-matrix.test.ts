// The authorization matrix: every route of routes.ts, every method it handles, every role.
// The expected answers sit in ONE table (EXPECTED); a route without a row fails the test, so a new
// route cannot skip it. Other members' conversations, photos, payments and settings answer 404 and
// their data never appears in any answer.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { fileStorage } from "~/lib/storage.server";
import routes from "../../app/routes";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, ORIGIN, type Member } from "../fixtures/members";
import { runRoute, sessionCookie } from "../fixtures/run-route";
import type { Outcome } from "../fixtures/route-outcome";

const ROLES = [
  "visitor",
  "unconfirmed",
  "free",
  "premium",
  "blocked",
  "owner",
  "deleted",
  "support",
  "admin",
] as const;
type Role = (typeof ROLES)[number];
type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * A status, or a redirect target (3xx to a location starting with it; "login" is the login page,
 * `{conversation}` an id of Ids). "*" is every role not named.
 */
type Expected = number | string;
type Answers = Partial<Record<Role | "*", Expected>>;

/** The rows created in beforeAll that routes with ids point at. */
interface Ids {
  /** The invisible profile of the "owner" role, who blocked the "blocked" role, and its account. */
  ownerProfile: number;
  ownerUser: number;
  /** A visible profile of a member outside the roles, who blocked the "blocked" role too. */
  targetProfile: number;
  /** A conversation, chat photo, payment and private photo of two members who are not a role. */
  conversation: number;
  chatPhoto: number;
  message: number;
  payment: number;
  molliePayment: string;
  /** An open payment of the "owner" role at the Mollie simulator: our row's id and Mollie's. */
  ownerPayment: number;
  ownerCheckout: string;
  privatePhoto: number;
  outboxMail: number;
  package: number;
  /** A confirmed member outside the roles, for the staff's actions on one member. */
  targetMember: number;
  /** A ready data archive of the "owner" role, and one of a member outside the roles. */
  ownerExport: number;
  otherExport: number;
}

interface Row {
  params?: (ids: Ids) => Record<string, string>;
  /** A query string for GET (e.g. `?message=1`). */
  query?: (ids: Ids) => string;
  /** The form posted (POST) or the JSON sent (PUT, DELETE); an empty form unless told. */
  form?: (ids: Ids) => Record<string, string>;
  json?: (ids: Ids) => unknown;
  GET?: Answers;
  POST?: Answers;
  PUT?: Answers;
  DELETE?: Answers;
  /** More rows for the same route with other params (one per value of a parameter that matters). */
  also?: Row[];
}

const LOGIN = "/login?redirectTo=";

/** The row of one staff action on the target member: staff's GET and POST answers, 404 to members. */
function staffMemberAction(
  action: string,
  staff: Partial<Record<"support" | "admin", [number, number]>>,
): Row {
  const others = { "*": 404, visitor: "login", deleted: "login" } as const;
  return {
    params: (i) => ({ id: String(i.targetMember), action }),
    GET: {
      ...others,
      ...(staff.support && { support: staff.support[0] }),
      ...(staff.admin && { admin: staff.admin[0] }),
    },
    POST: {
      ...others,
      ...(staff.support && { support: staff.support[1] }),
      ...(staff.admin && { admin: staff.admin[1] }),
    },
  };
}

/** Route pattern → method → role → expected answer. */
const EXPECTED: Record<string, Row> = {
  "/entry-warning": { GET: { "*": "/" }, POST: { "*": "/" } },
  "/resources/locales/:lng": { params: () => ({ lng: "nl" }), GET: { "*": 200 } },
  "/photos/:photoId/:size": {
    params: (i) => ({ photoId: String(i.privatePhoto), size: "thumb" }),
    GET: { "*": 404, premium: 200, support: 200, admin: 200 },
  },
  // A GET from no page of ours (these requests name none) asks a member with a logout button.
  "/logout": { GET: { "*": 200, visitor: "/", deleted: "/" }, POST: { "*": "/" } },
  "/api/logout.php": { GET: { "*": 200, visitor: "/", deleted: "/" }, POST: { "*": "/" } },
  // Members who signed up under the current terms are not asked and go on; the empty form lacks the box.
  "/terms/accept": {
    GET: { "*": "/", visitor: "login", deleted: "login" },
    POST: { "*": 400, visitor: "login", deleted: "login" },
  },
  "/api/user.php": {
    json: () => ({ language: "de" }),
    GET: { "*": 200 },
    POST: { "*": 401 },
    PUT: { "*": 200, visitor: 403, deleted: 403 },
  },
  "/api/events": { GET: { "*": 200, visitor: 403, deleted: 403 } },
  "/api/page-hidden.php": { POST: { "*": 204, visitor: 403, deleted: 403 } },
  // Public settings only, of this site or a forced domain, for anyone.
  "/api/settings.php": {
    GET: { "*": 200 },
    also: [
      { query: () => "?forced_domain=herzklopfen.de", GET: { "*": 200 } },
      { query: () => "?forced_domain=not%20a%20host", GET: { "*": 400 } },
    ],
  },
  "/api/geocode.php": { GET: { "*": 200 } },
  // Without a link token the page sends to the error page; the button's POST without its token is refused.
  "/activate": { GET: { "*": "/activate/error" }, POST: { "*": 400 } },
  "/members/:id/like": {
    params: (i) => ({ id: String(i.targetProfile) }),
    form: () => ({ intent: "like" }),
    POST: { "*": 200, visitor: "login", blocked: 409, deleted: "login" },
  },
  "/likes/announced": { POST: { "*": "/", visitor: "login", deleted: "login" } },
  "/api/likes.php": { GET: { "*": 200, visitor: 403, deleted: 403 } },
  "/api/auto-like.php": { GET: { "*": 200, visitor: 403, deleted: 403 } },
  "/reactivate": {
    GET: { "*": "/account-deleted?error=link" },
    POST: { "*": 400 },
  },
  "/api/chats.php": { GET: { "*": 200, visitor: 403, deleted: 403 } },
  "/api/chat.php": {
    json: (i) => ({ conversation: i.conversation }),
    POST: { "*": 405 },
    DELETE: { "*": 404, visitor: 403, deleted: 403 },
  },
  "/chat-photos/:id/:size": {
    params: (i) => ({ id: String(i.chatPhoto), size: "thumb" }),
    GET: { "*": 404 },
  },
  "/chats/list": { GET: { "*": 200, visitor: 403, deleted: 403 } },
  "/chats/gift": {
    form: (i) => ({ conversationId: String(i.conversation), giftId: "1" }),
    POST: { "*": "/chats/{conversation}?refused=notFound", visitor: "login", deleted: "login" },
  },
  "/chats/photo": {
    form: (i) => ({ conversationId: String(i.conversation), photoId: String(i.chatPhoto) }),
    POST: {
      "*": "/chats/{conversation}?credits=insufficient",
      visitor: "login",
      premium: "/chats/{conversation}?photoError=notFound",
      deleted: "login",
    },
  },
  "/chats/:id/report": {
    params: (i) => ({ id: String(i.conversation) }),
    query: (i) => `?message=${i.message}`,
    form: (i) => ({ messageId: String(i.message), category: "spam" }),
    GET: { "*": 404, visitor: "login", deleted: "login" },
    POST: { "*": 404, visitor: "login", deleted: "login" },
  },
  "/payments/webhook": { GET: { "*": 405 }, POST: { "*": 200 } },
  // Members only: without a code 400; a code or the welcome offer 200; with the package of the
  // matrix (not in the members' currency, as on /credits/:id) 404.
  "/api/discountcode.php": {
    GET: { "*": 400, visitor: 403, deleted: 403 },
    also: [
      { query: () => "?code=MATRIXNOCODE", GET: { "*": 200, visitor: 403, deleted: 403 } },
      {
        query: (i) => `?code=MATRIXNOCODE&package=${i.package}`,
        GET: { "*": 404, visitor: 403, deleted: 403 },
      },
      { query: () => "?welcome=true", GET: { "*": 200, visitor: 403, deleted: 403 } },
    ],
  },
  "/time-bonus/dismiss": { POST: { "*": 200, visitor: "login", deleted: "login" } },
  "/api/lander-bounce": { GET: { "*": 405 }, POST: { "*": 404 } },
  "/api/interests.php": { GET: { "*": 200 } },
  "/api/regions.php": { GET: { "*": 200 } },
  "/api/companyinfo.php": { GET: { "*": 200 } },
  "/api/mail-events": { GET: { "*": 405 }, POST: { "*": 503 } },
  "/mail-alert": { GET: { "*": 405 }, POST: { "*": 400, visitor: "login", deleted: "login" } },
  "/": { GET: { "*": 200 } },
  "/pages/:page": { params: () => ({ page: "faq" }), GET: { "*": 200 } },
  "/pricing": { GET: { "*": 200 } },
  "/lang-config": { GET: { "*": 200 }, POST: { "*": 200 } },
  "/login": { GET: { "*": "/", visitor: 200, deleted: 200 }, POST: { "*": "/", visitor: 400, deleted: 400 } },
  // A ban appeal (docs/product.md, Appeals): the same answer for every address, logged in or not banned alike.
  "/login/appeal": {
    GET: { "*": "/", visitor: 200, deleted: 200 },
    POST: { "*": "/", visitor: 400, deleted: 400 },
    also: [
      {
        form: () => ({ email: "matrix-appeal@example.com", password: "Wachtwoord-1", text: "x".repeat(40) }),
        GET: { "*": "/", visitor: 200, deleted: 200 },
        POST: { "*": "/", visitor: "/login/appeal?sent=1", deleted: "/login/appeal?sent=1" },
      },
    ],
  },
  "/dev/outbox": { GET: { "*": 404, support: 200, admin: 200 } },
  "/dev/outbox/:mailId": {
    params: (i) => ({ mailId: String(i.outboxMail) }),
    GET: { "*": 404, support: 200, admin: 200 },
  },
  "/dev/sms": { GET: { "*": 404, support: 200, admin: 200 } },
  "/signup": {
    GET: { "*": "/", visitor: 200, deleted: 200 },
    POST: { "*": "/", visitor: 400, deleted: 400 },
  },
  "/signup-matches": { GET: { "*": 200, visitor: "login", deleted: "login" } },
  "/complete-signup": {
    GET: { "*": "/", visitor: "login", unconfirmed: 200, deleted: "login" },
    POST: { "*": "/", visitor: "login", unconfirmed: 400, deleted: "login" },
  },
  "/activate/done": { GET: { "*": 200 } },
  "/activate/error": { GET: { "*": 200 } },
  "/reset-password": { GET: { "*": 200 }, POST: { "*": 400 } },
  "/reset-password/do": { GET: { "*": 200 }, POST: { "*": 400 } },
  "/mail-change/do": { GET: { "*": 200 }, POST: { "*": 400 } },
  "/settings": {
    GET: { "*": 200, visitor: "login", deleted: "login" },
    POST: { "*": 400, visitor: "login", deleted: "login" },
  },
  "/notifications": {
    GET: { "*": 200, visitor: "login", deleted: "login" },
    POST: { "*": 400, visitor: "login", deleted: "login" },
  },
  // A member's data archive: its owner's download alone; anyone else's, or another's, is no page.
  "/settings/data-export/:id": {
    params: (i) => ({ id: String(i.ownerExport) }),
    GET: { "*": 404, visitor: "login", owner: 200, deleted: "login" },
    also: [
      {
        params: (i) => ({ id: String(i.otherExport) }),
        GET: { "*": 404, visitor: "login", deleted: "login" },
      },
    ],
  },
  "/settings/delete": {
    GET: { "*": 200, visitor: "login", deleted: "login" },
    POST: { "*": 400, visitor: "login", deleted: "login" },
  },
  "/account-deleted": { GET: { "*": 200 } },
  "/complaints": { GET: { "*": 200 }, POST: { "*": 400 } },
  "/staff/complaints": {
    GET: { "*": 404, visitor: "login", deleted: "login", support: 200, admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", support: 400, admin: 400 },
  },
  "/staff/payments": {
    GET: { "*": 404, visitor: "login", deleted: "login", admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", admin: 400 },
  },
  "/staff/mailings": {
    GET: { "*": 404, visitor: "login", deleted: "login", admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", admin: 400 },
  },
  "/unsubscribe/:token": {
    params: () => ({ token: "matrix-no-such-token" }),
    GET: { "*": 400 },
    POST: { "*": 400 },
  },
  "/staff/funnel": { GET: { "*": 404, visitor: "login", deleted: "login", admin: 200 } },
  "/staff/campaigns": {
    GET: { "*": 404, visitor: "login", deleted: "login", admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", admin: 400 },
  },
  // Back office, admins only: the site's settings, packages and gifts.
  "/staff/settings": {
    GET: { "*": 404, visitor: "login", deleted: "login", admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", admin: 400 },
  },
  "/staff/packages": {
    GET: { "*": 404, visitor: "login", deleted: "login", admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", admin: 400 },
  },
  "/staff/gifts": {
    GET: { "*": 404, visitor: "login", deleted: "login", admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", admin: 400 },
  },
  // Admins' back office: an empty form is a bad request; support and members find no page.
  "/staff/discount-codes": {
    GET: { "*": 404, visitor: "login", deleted: "login", admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", admin: 400 },
  },
  "/staff/actions": { GET: { "*": 404, visitor: "login", deleted: "login", admin: 200 } },
  // Members whose first contact was refused as possible spam: support and admin.
  "/staff/spam": { GET: { "*": 404, visitor: "login", deleted: "login", support: 200, admin: 200 } },
  "/staff/team": {
    GET: { "*": 404, visitor: "login", deleted: "login", admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", admin: 400 },
  },
  "/profile": {
    GET: { "*": 200, visitor: "login", deleted: "login" },
    POST: { "*": 400, visitor: "login", deleted: "login" },
  },
  "/profile/photos": {
    form: (i) => ({ intent: "delete", photoId: String(i.privatePhoto) }),
    GET: { "*": 200, visitor: "login", deleted: "login" },
    POST: { "*": 404, visitor: "login", deleted: "login" },
    // An appeal against another member's photo: not found, nothing stored.
    also: [
      {
        form: (i) => ({ intent: "appeal", photoId: String(i.privatePhoto), text: "x".repeat(40) }),
        GET: { "*": 200, visitor: "login", deleted: "login" },
        POST: { "*": 404, visitor: "login", deleted: "login" },
      },
    ],
  },
  "/staff/photos": {
    GET: { "*": 404, visitor: "login", deleted: "login", support: 200, admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", support: 400, admin: 400 },
  },
  "/staff/appeals": {
    GET: { "*": 404, visitor: "login", deleted: "login", support: 200, admin: 200 },
    POST: { "*": 404, visitor: "login", deleted: "login", support: 400, admin: 400 },
  },
  // Back office: overview, member lookup and member page (GET only), staff of the site alone.
  "/staff": { GET: { "*": 404, visitor: "login", deleted: "login", support: 200, admin: 200 } },
  "/staff/members": {
    query: () => "?q=matrix",
    GET: { "*": 404, visitor: "login", deleted: "login", support: 200, admin: 200 },
  },
  "/staff/members/:id": {
    params: (i) => ({ id: String(i.ownerUser) }),
    GET: { "*": 404, visitor: "login", deleted: "login", support: 200, admin: 200 },
  },
  // Every action on a confirmed member, with an empty form (no reason: 400 where the action applies,
  // 409 where it does not); money is the admin's; an unknown action is no page.
  "/staff/members/:id/:action": {
    ...staffMemberAction("ban", { support: [200, 400], admin: [200, 400] }),
    also: [
      staffMemberAction("lift-ban", { support: [409, 409], admin: [409, 409] }),
      staffMemberAction("credits", { admin: [200, 400] }),
      staffMemberAction("resend-activation", { support: [409, 409], admin: [409, 409] }),
      staffMemberAction("reactivation-link", { support: [409, 409], admin: [409, 409] }),
      staffMemberAction("confirm-email", { support: [409, 409], admin: [409, 409] }),
      staffMemberAction("end-sessions", { support: [200, 400], admin: [200, 400] }),
      staffMemberAction("unlock-login", { support: [409, 409], admin: [409, 409] }),
      staffMemberAction("unblock-direct-debit", { admin: [409, 409] }),
      staffMemberAction("mail-on", { support: [409, 409], admin: [409, 409] }),
      staffMemberAction("export", { support: [200, 400], admin: [200, 400] }),
      staffMemberAction("clear-report-hold", { support: [409, 409], admin: [409, 409] }),
      staffMemberAction("no-such-action", {}),
    ],
  },
  "/members": { GET: { "*": 200 } },
  "/match-finder": { GET: { "*": 200 } },
  "/swipe-game": {
    GET: { "*": 200, visitor: "login", unconfirmed: "/complete-signup", deleted: "login" },
    POST: { "*": 400, visitor: "login", unconfirmed: "/complete-signup", deleted: "login" },
  },
  "/members/:id": {
    params: (i) => ({ id: String(i.ownerProfile) }),
    form: () => ({ intent: "block" }),
    // The owner's profile is hidden from members (invisible); the site's staff see it to moderate.
    GET: { "*": 404, owner: 200, support: 200, admin: 200 },
    POST: { "*": 200, visitor: "login", deleted: "login" },
  },
  "/likes/m/:id": {
    params: (i) => ({ id: String(i.targetProfile) }),
    form: () => ({ intent: "block" }),
    GET: { "*": 200, blocked: 403 },
    POST: { "*": 200, visitor: "login", deleted: "login" },
  },
  "/likes": { GET: { "*": 200, visitor: "login", deleted: "login" } },
  "/likes/:type": {
    params: () => ({ type: "received" }),
    GET: { "*": 200, visitor: "login", deleted: "login" },
  },
  "/premium": { GET: { "*": 200 } },
  "/credits": { GET: { "*": 200, visitor: "login", deleted: "login" } },
  "/credits/repeat-order": {
    GET: { "*": "/credits", visitor: "login", premium: 200, deleted: "login" },
    POST: { "*": "/credits", visitor: "login", premium: "/credits/repeat-order", deleted: "login" },
  },
  "/directdebit": {
    // An unconfirmed member sees the notice to confirm the address (200), and gets no code (403).
    GET: { "*": 200, visitor: "login", deleted: "login" },
    POST: { "*": 400, visitor: "login", unconfirmed: 403, deleted: "login" },
  },
  "/credits/:id/:paymentmethod?": {
    params: (i) => ({ id: String(i.package), paymentmethod: "ideal" }),
    GET: { "*": 404, visitor: "login", deleted: "login" },
    POST: { "*": 400, visitor: "login", deleted: "login" },
  },
  "/transactions": { GET: { "*": 200, visitor: "login", deleted: "login" } },
  "/transactions/:id": {
    params: (i) => ({ id: String(i.payment) }),
    form: () => ({ reason: "" }),
    GET: { "*": 404, visitor: "login", deleted: "login" },
    POST: { "*": 404, visitor: "login", deleted: "login" },
  },
  // The payer's (here the "owner" role's) and staff's only; settling it sends them back to it.
  "/dev/mollie/checkout/:id": {
    params: (i) => ({ id: i.ownerCheckout }),
    form: () => ({ outcome: "paid" }),
    GET: { "*": 404, owner: 200, support: 200, admin: 200 },
    POST: {
      "*": 404,
      owner: `${ORIGIN}/transactions/{ownerPayment}`,
      support: `${ORIGIN}/transactions/{ownerPayment}`,
      admin: `${ORIGIN}/transactions/{ownerPayment}`,
    },
  },
  "/landers/:design/:slug?": {
    params: () => ({ design: "gallery", slug: "utrecht" }),
    GET: { "*": "/members", visitor: 200, deleted: 200 },
    POST: { "*": "/members", visitor: 400, deleted: 400 },
  },
  "/members/:id/landing": {
    params: (i) => ({ id: String(i.targetProfile) }),
    GET: { "*": "/members/{targetProfile}", visitor: 200, deleted: 200 },
    POST: { "*": "/members/{targetProfile}", visitor: 400, deleted: 400 },
  },
  "/members/:id/landing2/:slug?": {
    params: (i) => ({ id: String(i.targetProfile) }),
    GET: { "*": "/members/{targetProfile}", visitor: 200, deleted: 200 },
    POST: { "*": "/members/{targetProfile}", visitor: 400, deleted: 400 },
  },
  "/members/:id/landing3/:slug?": {
    params: (i) => ({ id: String(i.targetProfile) }),
    GET: { "*": "/members/{targetProfile}", visitor: 200, deleted: 200 },
    POST: { "*": "/members/{targetProfile}", visitor: 400, deleted: 400 },
  },
  "/members/:id/signup": {
    params: (i) => ({ id: String(i.targetProfile) }),
    GET: { "*": "/members/{targetProfile}", visitor: 200, deleted: 200 },
    POST: { "*": "/members/{targetProfile}", visitor: 400, deleted: 400 },
  },
  "/chats": { GET: { "*": 200, visitor: "login", deleted: "login" } },
  "/chats/:id": {
    params: (i) => ({ id: String(i.conversation) }),
    form: () => ({ intent: "deleteChat", confirm: "1" }),
    GET: { "*": 404, visitor: "login", deleted: "login" },
    POST: { "*": 404, visitor: "login", deleted: "login" },
  },
  "/members/:id/chat": {
    params: (i) => ({ id: String(i.targetProfile) }),
    form: () => ({ intent: "send", body: "Hoi" }),
    GET: {
      "*": 200,
      visitor: "/members/{targetProfile}/landing?reason=chat",
      deleted: "/members/{targetProfile}/landing?reason=chat",
      // The block is explained on the profile page (403 there), without a glimpse of the chat.
      blocked: "/members/{targetProfile}",
    },
    // Premium has credits: the first message opens a conversation.
    POST: { "*": 400, visitor: "login", premium: "/chats/", deleted: "login" },
  },
  "/:token": { params: () => ({ token: "matrix-no-campaign" }), GET: { "*": 404 } },
};

/** Every route of routes.ts: pattern and module file. */
function routeList(entries: RouteConfigEntry[], prefix = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const here = entry.index ? prefix || "/" : entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = entry.index || entry.path ? [{ pattern: here.replace(/\/+/g, "/"), file: entry.file }] : [];
    return [...own, ...routeList(entry.children ?? [], here === "/" ? "" : here)];
  });
}

const modules = import.meta.glob<Record<string, unknown>>([
  "../../app/routes/*.{ts,tsx}",
  "../../app/stand-ins/routes/*.{ts,tsx}",
]);

type Handler = (args: never, next: never) => unknown;

async function handlersOf(file: string) {
  const module = await modules[`../../app/${file}`]!();
  const middleware = (module.middleware as Handler[] | undefined) ?? [];
  return {
    loader: module.loader as Handler | undefined,
    action: module.action as Handler | undefined,
    middleware,
  };
}

function pathFor(pattern: string, params: Record<string, string>) {
  return pattern
    .replace(/\/:(\w+)\?/g, (_, name: string) => (params[name] ? `/${params[name]}` : ""))
    .replace(/:(\w+)/g, (_, name: string) => params[name] ?? name);
}

let ids: Ids;
/** The user id behind each role (none for the visitor). */
const userIds = new Map<Role, number>();
/** Strings of the two outside members' data that no role may ever see. */
let secrets: string[];

async function request(role: Role, method: Method, path: string, row: Row) {
  const headers = new Headers({ "X-Client-Ip": `10.1.${ROLES.indexOf(role)}.1` });
  // A fresh session per request: the logout routes end the one they get.
  const userId = userIds.get(role);
  if (userId) headers.set("Cookie", await sessionCookie(userId));
  let body: BodyInit | undefined;
  if (method === "POST") body = new URLSearchParams(row.form?.(ids) ?? {});
  if (method === "PUT" || method === "DELETE") {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(row.json?.(ids) ?? {});
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body });
}

function describeOutcome(outcome: Outcome) {
  if (outcome.location) return outcome.location.startsWith(LOGIN) ? "login" : outcome.location;
  return outcome.status;
}

function matches(outcome: Outcome, expected: Expected) {
  if (typeof expected === "number") return outcome.status === expected && !outcome.location;
  const target =
    expected === "login"
      ? LOGIN
      : expected.replace(/\{(\w+)\}/g, (_, key: string) => String(ids[key as keyof Ids]));
  return outcome.status >= 300 && outcome.status < 400 && (outcome.location ?? "").startsWith(target);
}

beforeAll(async () => {
  await seedBaseData(db());
  const site = await db().site.findFirstOrThrow({ where: { isDefault: true }, select: { id: true } });
  const make = (options: Parameters<typeof createMember>[0] = {}) => createMember(options);
  const members: Record<Role, Member | null> = {
    visitor: null,
    unconfirmed: await make({ userStatus: "not_confirmed" }),
    free: await make({ gender: "male" }),
    premium: await make({ gender: "male", paidUser: true }),
    blocked: await make({ gender: "male" }),
    owner: await make({ invisible: true, photos: [{}, { visibility: "private" }] }),
    deleted: await make({ gender: "male" }),
    support: await make({ role: "support" }),
    admin: await make({ role: "admin" }),
  };
  for (const role of ROLES) {
    const member = members[role];
    if (member) userIds.set(role, member.userId);
  }
  // The deleted member keeps a session (a stale cookie) made before the deletion.
  await db().user.update({
    where: { id: members.deleted!.userId },
    data: { status: "deleted", deletedAt: new Date() },
  });
  // Credits, so that a refusal to write into others' conversations is not just "too few credits".
  await db().user.update({ where: { id: members.premium!.userId }, data: { credits: 500 } });
  const owner = members.owner!;
  const target = await make({ name: "Tessa", photos: [{}] });
  for (const blocker of [owner, target]) {
    await db().block.create({ data: { blockerId: blocker.userId, blockedId: members.blocked!.userId } });
  }

  // Two members outside every role, with a conversation, a chat photo, a payment and a private photo.
  const alice = await make({ name: "Alicegeheim", photos: [{}, { visibility: "private" }] });
  const bob = await make({ name: "Bobgeheim", gender: "male" });
  const [userAId, userBId] = [alice.userId, bob.userId].sort((a, b) => a - b) as [number, number];
  const conversation = await db().conversation.create({
    data: {
      siteId: site.id,
      userAId,
      userBId,
      startedById: alice.userId,
      members: {
        create: [
          { userId: alice.userId, otherUserId: bob.userId },
          { userId: bob.userId, otherUserId: alice.userId },
        ],
      },
    },
    select: { id: true },
  });
  const chatPhoto = await db().chatPhoto.create({
    data: {
      ownerId: alice.userId,
      filename: `matrix/${alice.userId}-chat.webp`,
      thumbFilename: `matrix/${alice.userId}-chat-thumb.webp`,
      width: 1,
      height: 1,
    },
    select: { id: true },
  });
  await db().message.createMany({
    data: [
      {
        conversationId: conversation.id,
        senderId: alice.userId,
        kind: "text",
        body: "Geheimbericht-7431",
        credits: 0,
      },
      {
        conversationId: conversation.id,
        senderId: alice.userId,
        kind: "photo",
        body: "",
        chatPhotoId: chatPhoto.id,
        credits: 0,
      },
    ],
  });
  const payment = await db().payment.create({
    data: {
      userId: alice.userId,
      siteId: site.id,
      molliePaymentId: "tr_matrixalice",
      method: "ideal",
      amountCents: 4321,
      currency: "EUR",
      credits: 125,
      status: "paid",
      paidAt: new Date(),
    },
    select: { id: true },
  });
  const ownerPayment = await db().payment.create({
    data: {
      userId: owner.userId,
      siteId: site.id,
      molliePaymentId: "tr_matrixowner",
      method: "ideal",
      amountCents: 1995,
      currency: "EUR",
      credits: 50,
    },
    select: { id: true },
  });
  await db().mollieSimulatorPayment.create({
    data: {
      id: "tr_matrixowner",
      amountValue: "19.95",
      currency: "EUR",
      description: "50 credits",
      method: "ideal",
      redirectUrl: `${ORIGIN}/transactions/${ownerPayment.id}`,
    },
  });
  const mail = await db().mail.create({
    data: {
      userId: alice.userId,
      to: alice.email,
      subject: "Geheime mail",
      html: "<p>Geheimmail-5523</p>",
      text: "Geheimmail-5523",
      template: "activation",
    },
    select: { id: true },
  });
  // Real files behind the photos, so that a refusal is the access rule and not a missing file.
  const storage = fileStorage();
  const photos = await db().photo.findMany({
    where: { profileId: { in: [alice.profileId, owner.profileId] } },
    select: { filename: true, thumbFilename: true },
  });
  for (const key of [
    ...photos.flatMap((p) => [p.filename, p.thumbFilename]),
    `matrix/${alice.userId}-chat.webp`,
    `matrix/${alice.userId}-chat-thumb.webp`,
  ]) {
    await storage.write(key, Buffer.from("RIFF-matrix-photo"));
  }
  // Ready archives (docs/product.md, Your data): the owner role's and Alice's, with their files.
  const archives: number[] = [];
  for (const who of [owner, alice]) {
    const key = `exports/${who.userId}/matrix.zip`;
    await storage.write(key, Buffer.from(`PK-matrix-archive-${who.userId}`));
    const row = await db().dataExport.create({
      data: {
        userId: who.userId,
        status: "ready",
        storageKey: key,
        sizeBytes: 30,
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
      select: { id: true },
    });
    archives.push(row.id);
  }
  const pack = await db().creditPackage.findFirstOrThrow({
    where: { siteId: site.id, active: true },
    select: { id: true },
  });
  ids = {
    ownerProfile: owner.profileId,
    ownerUser: owner.userId,
    targetProfile: target.profileId,
    conversation: conversation.id,
    chatPhoto: chatPhoto.id,
    message: (
      await db().message.findFirstOrThrow({
        where: { conversationId: conversation.id },
        select: { id: true },
      })
    ).id,
    payment: payment.id,
    molliePayment: "tr_matrixalice",
    ownerPayment: ownerPayment.id,
    ownerCheckout: "tr_matrixowner",
    privatePhoto: alice.photoIds[1]!,
    outboxMail: mail.id,
    package: pack.id,
    targetMember: target.userId,
    ownerExport: archives[0]!,
    otherExport: archives[1]!,
  };
  secrets = ["Geheimbericht-7431", "Geheimmail-5523", alice.email, bob.email, "tr_matrixalice"];
});

afterAll(async () => {
  await stopJobs();
});

const ROUTES = routeList(await routes);

describe("authorization matrix", () => {
  it("has a row for every route of routes.ts and every method it handles", async () => {
    const missing: string[] = [];
    for (const { pattern, file } of ROUTES) {
      const row = EXPECTED[pattern];
      const { loader, action } = await handlersOf(file);
      if (!row) missing.push(`${pattern} (no row)`);
      else {
        if (loader && !row.GET) missing.push(`${pattern} GET`);
        if (action && !row.POST) missing.push(`${pattern} POST`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(ROUTES)(
    "answers $pattern as the table says, never with others' data",
    async ({ pattern, file }) => {
      const discover = process.env.MATRIX_DISCOVER === "1";
      const found: Record<string, Record<string, Expected>> = {};
      const failures: string[] = [];
      const main = EXPECTED[pattern] ?? {};
      const { loader, action, middleware } = await handlersOf(file);
      for (const row of [main, ...(main.also ?? [])]) {
        const methods: Method[] = [];
        if (loader) methods.push("GET");
        if (action) methods.push("POST", ...(["PUT", "DELETE"] as const).filter((m) => row[m]));
        const params = row.params?.(ids) ?? {};
        for (const method of methods) {
          const handler = method === "GET" ? loader! : action!;
          for (const role of ROLES) {
            const outcome = await runRoute(
              await request(
                role,
                method,
                pathFor(pattern, params) + (method === "GET" ? (row.query?.(ids) ?? "") : ""),
                row,
              ),
              [...middleware, handler],
              params,
            );
            (found[method] ??= {})[role] = describeOutcome(outcome);
            const answers = row[method] ?? {};
            const expected = answers[role] ?? answers["*"];
            const shown = pathFor(pattern, params);
            const label = `${method} ${shown} as ${role}: ${outcome.status} ${outcome.location ?? ""}`;
            if (!discover && (expected === undefined || !matches(outcome, expected))) {
              failures.push(`${label} (expected ${expected})`);
            }
            // Staff pages and the stand-ins' outbox show members' data to staff by design.
            if ((role === "support" || role === "admin") && /^\/(staff|dev)\//.test(pattern)) continue;
            const text = JSON.stringify(outcome.body ?? null);
            for (const secret of secrets)
              if (text.includes(secret)) failures.push(`${label} shows ${secret}`);
          }
        }
      }
      if (discover) console.log(`MATRIX ${JSON.stringify({ [pattern]: found })}`);
      expect(failures).toEqual([]);
    },
  );

  it("left the outside members' rows alone and nobody reached the invisible owner", async () => {
    expect(await db().message.count({ where: { conversationId: ids.conversation, deletedAt: null } })).toBe(
      2,
    );
    expect(
      await db().conversationMember.count({
        where: { conversationId: ids.conversation, hidden: false, clearedAt: null },
      }),
    ).toBe(2);
    expect(
      await db().photo.findUnique({ where: { id: ids.privatePhoto }, select: { status: true } }),
    ).toEqual({
      status: "active",
    });
    expect(await db().complaint.count()).toBe(0);
    // No staff decision was made: the staff forms above were empty.
    expect(await db().staffAction.count()).toBe(0);
    expect(await db().refundRequest.count({ where: { paymentId: ids.payment } })).toBe(0);
    const { userId: ownerId } = await db().profile.findUniqueOrThrow({
      where: { id: ids.ownerProfile },
      select: { userId: true },
    });
    expect(await db().like.count({ where: { likedId: ownerId } })).toBe(0);
    expect(await db().conversationMember.count({ where: { otherUserId: ownerId } })).toBe(0);
  });
});
