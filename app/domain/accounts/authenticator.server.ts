import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { resolveSite } from "~/domain/sites/site.server";
import { clientIp } from "~/lib/client-ip.server";
import { verifyLogin, type LoginResult } from "./login.server";

/** remix-auth with the form strategy: fields `email` and `password`, checked by verifyLogin. */
export const authenticator = new Authenticator<LoginResult>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const email = form.get("email");
    const password = form.get("password");
    if (typeof email !== "string" || typeof password !== "string") return { ok: false, error: "invalid" };
    const site = await resolveSite(request.headers.get("Host"));
    return verifyLogin({ site, email, password, ip: clientIp(request) });
  }),
  "form",
);
