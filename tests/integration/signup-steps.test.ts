// The signup in steps (docs/product.md, Accounts): each step a POST that keeps what was typed in the
// signed draft cookie and moves on; the page shows no step before the earlier ones are done; the
// place step looks the place up; the account step checks every earlier step again and makes a
// profile with the place.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { translatorFor } from "~/lib/translator.server";
import { readDraft } from "~/routes/+shared/signup-draft.server";
import * as signupRoute from "~/routes/signup";
import * as landerRoute from "~/routes/landers.$design";
import { seedBaseData } from "../../prisma/seed/base-data";
import { forgetCachedReads } from "../fixtures/caches";
import { errorsOf } from "../fixtures/form-errors";
import { ORIGIN } from "../fixtures/members";
import type { Outcome } from "../fixtures/route-outcome";
import { nextIp, runRoute, siteRequest } from "../fixtures/run-route";
import { draftCookieOf } from "../fixtures/signup-steps";

const nl = translatorFor("nl");
const PASSWORD = "Zomer-2026!";

type Body = Record<string, unknown>;
interface Refusal {
  step: number;
  result: { error: Record<string, string[]> | null; initialValue: Record<string, unknown> };
  places?: { id: string; label: string }[];
}

let counter = 0;
const newEmail = () => `stappen${++counter}-${process.pid}@example.com`;

/** A visitor's browser: the cookies the answers set go with its next requests. */
function visitor() {
  let draft: string | null = null;
  const ip = nextIp();
  const keep = <T>(outcome: Outcome<T>) => {
    const set = (outcome.cookies ?? []).find((cookie) => cookie.startsWith("signup.draft="));
    if (set !== undefined) draft = set === "signup.draft=" ? null : set;
    return outcome;
  };
  return {
    get draft() {
      return draft;
    },
    async page(step?: number) {
      const path = step === undefined ? "/signup" : `/signup?step=${step}`;
      const request = await siteRequest(path, null, { cookie: draft ?? undefined });
      return runRoute<{ view: { step: number; values: Record<string, string> } }>(
        request,
        signupRoute.loader,
      );
    },
    async post(form: Record<string, string>, path = "/signup", handler: unknown = signupRoute.action) {
      const request = await siteRequest(path, null, {
        form,
        cookie: draft ?? undefined,
        headers: { "X-Forwarded-For": ip },
      });
      const params: Record<string, string> = path.startsWith("/landers/")
        ? { design: path.split(/[/?]/)[2]! }
        : {};
      return keep(await runRoute<Body>(request, handler as never, params));
    },
    /** What the draft cookie holds now. */
    async values() {
      return (await readDraft(new Request(ORIGIN, { headers: { Cookie: draft ?? "" } }))).values;
    },
  };
}

/** Steps 0 to 2 with ordinary values, up to the account step. */
async function throughPlace(browser: ReturnType<typeof visitor>, place = "Utrecht") {
  expect(await browser.post({ step: "0", gender: "male", seeking_gender: "female" })).toMatchObject({
    status: 302,
    location: "/signup?step=1",
  });
  expect(await browser.post({ step: "1", date_of_birth: "1985-07-01" })).toMatchObject({
    location: "/signup?step=2",
  });
  return browser.post({ step: "2", place });
}

const account = (email: string) => ({
  step: "3",
  email,
  email_checked: email,
  name: `Stapper${counter}`,
  password: PASSWORD,
  accept_terms: "on",
});

beforeAll(async () => {
  await seedBaseData(db());
  forgetCachedReads();
});

beforeEach(async () => {
  await db().site.updateMany({ data: { minAge: 18, signups: "all" } });
  forgetCachedReads();
});

afterAll(async () => {
  await stopJobs();
});

describe("the steps and their draft", () => {
  it("moves on step by step, keeping what was typed in the signed draft", async () => {
    const browser = visitor();
    expect((await browser.page()).body!.view).toEqual({ step: 0, values: {} });
    await throughPlace(browser);
    expect(await browser.values()).toMatchObject({
      gender: "male",
      seeking_gender: "female",
      date_of_birth: "1985-07-01",
      place: "Utrecht",
      place_id: expect.stringMatching(/^\d+$/),
    });
    expect((await browser.page()).body!.view.step).toBe(3);
    // An earlier step shows with what was typed there.
    expect((await browser.page(1)).body!.view).toMatchObject({
      step: 1,
      values: { date_of_birth: "1985-07-01" },
    });
  });

  it("shows no step before the earlier ones are done", async () => {
    const browser = visitor();
    expect((await browser.page(3)).body!.view.step).toBe(0);
    await browser.post({ step: "0", gender: "female", seeking_gender: "male" });
    expect((await browser.page(3)).body!.view.step).toBe(1);
    expect((await browser.page(0)).body!.view.step).toBe(0);
  });

  it("ignores a draft cookie that was changed or signed with another secret", async () => {
    const browser = visitor();
    await browser.post({ step: "0", gender: "female", seeking_gender: "male" });
    const [name, value] = browser.draft!.split("=");
    const [data, signature] = decodeURIComponent(value!).split(".");
    const forged = Buffer.from(
      JSON.stringify({ values: { gender: "male", seeking_gender: "male" }, next: "/signup-matches" }),
    ).toString("base64");
    for (const cookie of [
      `${name}=${encodeURIComponent(`${forged}.${signature}`)}`,
      `${name}=${data}.AAAA`,
    ]) {
      const request = await siteRequest("/signup", null, { cookie });
      const page = await runRoute<{ view: { step: number } }>(request, signupRoute.loader);
      expect(page.body!.view).toEqual({ step: 0, values: {} });
    }
  });

  it("goes back one step keeping what was typed, also when it does not pass yet", async () => {
    const browser = visitor();
    await browser.post({ step: "0", gender: "female", seeking_gender: "male" });
    const back = await browser.post({ step: "1", intent: "back", date_of_birth: "31-31-19" });
    expect(back).toMatchObject({ status: 302, location: "/signup?step=0" });
    expect(await browser.values()).toMatchObject({ gender: "female", date_of_birth: "31-31-19" });
  });

  it("answers the modal's steps with the next step instead of a redirect", async () => {
    const browser = visitor();
    const moved = await browser.post({ step: "0", in_modal: "1", gender: "female", seeking_gender: "male" });
    expect(moved).toMatchObject({ status: 200, body: { next: 1 } });
    expect(await browser.values()).toMatchObject({ gender: "female" });
  });

  it("refuses a step's fields with its messages and the typed values", async () => {
    const browser = visitor();
    await browser.post({ step: "0", gender: "female", seeking_gender: "male" });
    const refused = await browser.post({ step: "1", date_of_birth: "2015-01-01" });
    expect(refused.status).toBe(400);
    const body = refused.body as unknown as Refusal;
    expect(body.step).toBe(1);
    expect(errorsOf(body.result).date_of_birth).toEqual(["Vul uw geboortedatum in (18+ jaar)"]);
    expect((await browser.page()).body!.view).toMatchObject({
      step: 1,
      values: { date_of_birth: "2015-01-01" },
    });
  });
});

describe("the place step", () => {
  const refusalOf = (outcome: Outcome<Body>) => outcome.body as unknown as Refusal;

  it("says so for an unknown place, a postcode alone and a bad postcode, keeping what was typed", async () => {
    const browser = visitor();
    const unknown = await throughPlace(browser, "Nergenshuizen");
    expect(unknown.status).toBe(400);
    expect(errorsOf(refusalOf(unknown).result).place).toEqual([
      nl("signup:place.unknown", { place: "Nergenshuizen" }),
    ]);
    expect(refusalOf(unknown).result.initialValue.place).toBe("Nergenshuizen");
    const postcode = await browser.post({ step: "2", place: "3511 AB" });
    expect(errorsOf(refusalOf(postcode).result).place).toEqual([nl("signup:place.postcode")]);
    const bad = await browser.post({ step: "2", place: "0123 AB" });
    expect(errorsOf(refusalOf(bad).result).place).toEqual([nl("signup:place.badPostcode")]);
    expect(errorsOf(refusalOf(await browser.post({ step: "2", place: "" })).result).place).toEqual([
      nl("signup:place.required"),
    ]);
    expect(await browser.values()).toMatchObject({ place: "" });
    expect((await browser.page()).body!.view.step).toBe(2);
    // In another language, its own message.
    expect(translatorFor("de")("signup:place.unknown", { place: "X" })).not.toBe(
      nl("signup:place.unknown", { place: "X" }),
    );
  });

  it("lets the member choose between places of one name", async () => {
    const browser = visitor();
    const choose = await throughPlace(browser, "Hengelo");
    expect(choose.status).toBe(200);
    const places = refusalOf(choose).places!;
    expect(places.map((p) => p.label)).toEqual(["Hengelo, Overijssel (NL)", "Hengelo, Gelderland (NL)"]);
    expect((await browser.page()).body!.view.step).toBe(2);
    const chosen = await browser.post({ step: "2", place: "Hengelo", place_id: places[1]!.id });
    expect(chosen).toMatchObject({ status: 302, location: "/signup?step=3" });
    expect(await browser.values()).toMatchObject({ place: "Hengelo", place_id: places[1]!.id });
  });
});

describe("the account step", () => {
  it("makes the account with the place on the profile, logs in and forgets the draft", async () => {
    const browser = visitor();
    await throughPlace(browser, "Hengelo, Overijssel");
    const email = newEmail();
    const created = await browser.post(account(email));
    expect(created).toMatchObject({ status: 302, location: "/signup-matches" });
    expect(created.cookies!.some((cookie) => cookie.startsWith("auth.session="))).toBe(true);
    expect(browser.draft).toBeNull();
    const profile = await db().profile.findFirstOrThrow({
      where: { user: { email } },
      select: {
        gender: true,
        seekingGender: true,
        dateOfBirth: true,
        country: true,
        region: true,
        city: true,
        latitude: true,
        longitude: true,
      },
    });
    expect(profile).toMatchObject({
      gender: "male",
      seekingGender: "female",
      country: "NL",
      region: "Overijssel",
      city: "Hengelo",
    });
    expect(profile.dateOfBirth.toISOString().slice(0, 10)).toBe("1985-07-01");
    expect(profile.latitude).toBeCloseTo(52.27, 1);
    expect(profile.longitude).toBeCloseTo(6.79, 1);
  });

  it("never keeps the password or the terms consent in the draft", async () => {
    const browser = visitor();
    await throughPlace(browser);
    const refused = await browser.post({ ...account("geen-adres"), email_checked: "" });
    expect(refused.status).toBe(400);
    const values = await browser.values();
    expect(values).toMatchObject({ email: "geen-adres" });
    expect(values).not.toHaveProperty("password");
    expect(values).not.toHaveProperty("accept_terms");
    expect(decodeURIComponent(browser.draft!)).not.toContain(
      Buffer.from(PASSWORD).toString("base64").slice(0, 8),
    );
  });

  it("checks the earlier steps again: a date of birth the site's age rule no longer allows is refused there", async () => {
    const browser = visitor();
    await throughPlace(browser);
    await db().site.updateMany({ data: { minAge: 45 } });
    forgetCachedReads();
    const email = newEmail();
    const refused = await browser.post(account(email));
    expect(refused.status).toBe(400);
    const body = refused.body as unknown as Refusal;
    expect(body.step).toBe(1);
    expect(errorsOf(body.result).date_of_birth).toEqual(["Vul uw geboortedatum in (45+ jaar)"]);
    expect(body.result.error?.[""]).toEqual([nl("signup:errors.incomplete")]);
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it("without a draft, a form with every step's fields is the whole signup; without a place it asks for one", async () => {
    const email = newEmail();
    const whole = {
      email,
      email_checked: email,
      name: "Ineens",
      password: PASSWORD,
      date_of_birth: "1990-05-05",
      gender: "female",
      seeking_gender: "male",
      accept_terms: "on",
    };
    const withoutPlace = await visitor().post(whole);
    expect(withoutPlace).toMatchObject({ status: 400, body: { step: 2 } });
    expect(await db().user.count({ where: { email } })).toBe(0);
    expect(await visitor().post({ ...whole, place: "Zwolle" })).toMatchObject({
      status: 302,
      location: "/signup-matches",
    });
    expect(await db().profile.findFirst({ where: { user: { email } }, select: { city: true } })).toEqual({
      city: "Zwolle",
    });
  });

  it("a lander's first step keeps the lander and its next page through the steps on /signup", async () => {
    const browser = visitor();
    const first = await browser.post(
      { step: "0", gender: "female", seeking_gender: "male" },
      "/landers/gallery",
      landerRoute.action,
    );
    expect(first).toMatchObject({ status: 302, location: "/signup?step=1" });
    draftCookieOf(first);
    await browser.post({ step: "1", date_of_birth: "1990-05-05" });
    await browser.post({ step: "2", place: "Utrecht" });
    const email = newEmail();
    expect(await browser.post(account(email))).toMatchObject({ status: 302, location: "/signup-matches" });
    expect(await db().user.findFirst({ where: { email }, select: { lander: true } })).toEqual({
      lander: "gallery",
    });
  });
});
