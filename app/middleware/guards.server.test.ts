// @vitest-environment node
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestInfoContext } from "~/middleware/context";
import {
  requireAdmin,
  requireAnonymous,
  requireConfirmedUser,
  requireStaff,
  requireUser,
} from "./guards.server";
import type { SessionUser } from "~/domain/accounts/session.server";

const member = {
  id: 1,
  status: "confirmed",
  role: "member",
  paidUser: false,
} as SessionUser;

function contextWith(user: Partial<SessionUser> | null) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { user: user && { ...member, ...user }, sessionId: null } as never);
  return context;
}

const request = new Request("http://hartklop.nl/members?page=2");

async function thrown(fn: () => unknown): Promise<unknown> {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected the guard to throw");
}

describe("guards", () => {
  it("sends visitors to the login page and back", async () => {
    const response = (await thrown(() => requireUser(contextWith(null), request))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmembers%3Fpage%3D2");
    expect(requireUser(contextWith({}), request).id).toBe(1);
  });

  it("names the way back and the reason when a route gives them", async () => {
    const response = (await thrown(() =>
      requireUser(contextWith(null), request, { back: "/chats", reason: "chat" }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fchats&reason=chat");
  });

  it("asks unconfirmed members to confirm their e-mail first", async () => {
    const response = (await thrown(() =>
      requireConfirmedUser(contextWith({ status: "not_confirmed" }), request),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/complete-signup");
  });

  it("hides staff pages (404) from members", async () => {
    const error = (await thrown(() => requireStaff(contextWith({}), request))) as {
      init: { status: number };
    };
    expect(error.init.status).toBe(404);
    expect(requireStaff(contextWith({ role: "support" }), request).role).toBe("support");
    expect(requireStaff(contextWith({ role: "admin" }), request).role).toBe("admin");
  });

  it("hides admin pages (404) from members and support", async () => {
    for (const role of ["member", "support"] as const) {
      const error = (await thrown(() => requireAdmin(contextWith({ role }), request))) as {
        init: { status: number };
      };
      expect(error.init.status).toBe(404);
    }
    expect(requireAdmin(contextWith({ role: "admin" }), request).role).toBe("admin");
  });

  it("sends logged-in members away from visitor-only pages", async () => {
    const response = (await thrown(() => requireAnonymous(contextWith({})))) as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect(() => requireAnonymous(contextWith(null))).not.toThrow();
  });
});
