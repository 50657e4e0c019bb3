// The site's visible_profile_fields on every page and mail that shows other members: a hidden age,
// city or region is left out of the loader data (and the mail) by the server, not only the markup.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWeeklyUpdates } from "~/domain/notifications/weekly-update.server";
import { ageOn } from "~/domain/profiles/age";
import { db } from "~/lib/db.server";
import { stopJobs } from "~/lib/jobs.server";
import { loader as homeLoader } from "~/routes/home";
import { loader as landerLoader } from "~/routes/landers.$design";
import { loader as likesLoader } from "~/routes/likes";
import { loader as matchFinderLoader } from "~/routes/match-finder";
import { loader as profileLoader } from "~/routes/members.$id";
import { loader as memberLanderLoader } from "~/routes/members.$id.landing";
import { loader as membersLoader } from "~/routes/members";
import { loader as signupMatchesLoader } from "~/routes/signup-matches";
import { loader as swipeGameLoader } from "~/routes/swipe-game";
import { seedBaseData } from "../../prisma/seed/base-data";
import { createMember, separateProfileIds, type Member } from "../fixtures/members";
import { runRoute, siteRequest } from "../fixtures/run-route";
import { forgetCachedReads } from "../fixtures/caches";

type Card = { id: number; age: number | null; city: string | null; region: string | null };
type Body = Record<string, unknown>;

const BORN = "1990-05-05";
let siteId: number;
let allFields: string[];
let viewer: Member;
let pieter: Member;
let jan: Member;

beforeAll(async () => {
  await seedBaseData(db());
  await separateProfileIds();
  const site = await db().site.findFirstOrThrow({
    where: { isDefault: true },
    select: { id: true, visibleProfileFields: true },
  });
  siteId = site.id;
  allFields = site.visibleProfileFields;
  viewer = await createMember({ name: "Vera", gender: "female", region: "Utrecht", photos: [{}] });
  // Pieter is the one every page should show; Jan (newer, no photo) is the profile he is related to.
  pieter = await createMember({
    name: "Pieter",
    gender: "male",
    dateOfBirth: BORN,
    region: "Utrecht",
    city: "Amersfoort",
    photos: [{}],
  });
  jan = await createMember({ name: "Jan", gender: "male", dateOfBirth: BORN, region: "Utrecht" });
  await db().like.create({ data: { likerId: pieter.userId, likedId: viewer.userId }, select: { id: true } });
});

afterAll(async () => {
  await showFields(allFields);
  await stopJobs();
});

async function showFields(fields: string[]) {
  await db().site.update({
    where: { id: siteId },
    data: { visibleProfileFields: fields },
    select: { id: true },
  });
  forgetCachedReads();
}

async function load(path: string, handler: unknown, userId: number | null, params = {}) {
  const outcome = await runRoute<Body>(await siteRequest(path, userId), handler as never, params);
  expect(outcome.status, path).toBe(200);
  return outcome.body!;
}

/** Pieter as each page's loader data shows him to Vera, or to a visitor. */
async function pieterEverywhere(): Promise<Record<string, Card | undefined>> {
  const find = (cards: unknown) => (cards as Card[]).find((card) => card.id === pieter.profileId);
  const me = viewer.userId;
  const search = await load("/members", membersLoader, me);
  const visitorSearch = await load("/members", membersLoader, null);
  const matchFinder = await load("/match-finder?find=1", matchFinderLoader, me);
  const likes = await load("/likes/received", likesLoader, me, { type: "received" });
  const swipe = (await load("/swipe-game", swipeGameLoader, me)).game as { card: Card; next: Card };
  const home = await load("/", homeLoader, null);
  const signupMatches = await load("/signup-matches", signupMatchesLoader, me);
  const profile = (await load(`/members/${jan.profileId}`, profileLoader, me, { id: String(jan.profileId) }))
    .view as { related: Card[] };
  const lander = (await load("/landers/gallery", landerLoader, null, { design: "gallery" })).page as Body;
  const memberLander = await load(`/members/${pieter.profileId}/landing`, memberLanderLoader, null, {
    id: String(pieter.profileId),
  });
  return {
    search: find((search.result as Body).members),
    visitorSearch: find((visitorSearch.result as Body).members),
    matchFinder: find((matchFinder.matches as Body).members),
    likes: find(likes.cards),
    swipe: find([swipe.card, swipe.next]),
    home: find(home.members),
    signupMatches: find(signupMatches.matches),
    related: find(profile.related),
    lander: find(lander.members),
    memberLander: memberLander.profile as Card,
  };
}

/** The weekly update mail Vera gets now (sent again for every case). */
async function weeklyMailText() {
  await db().user.updateMany({ data: { weeklyUpdateSentAt: null } });
  await db().mail.deleteMany({ where: { template: "weeklyUpdate" } });
  let cursor: number | null = 0;
  while (cursor !== null) cursor = await runWeeklyUpdates({ afterId: cursor });
  const mail = await db().mail.findFirstOrThrow({
    where: { userId: viewer.userId, template: "weeklyUpdate" },
    select: { text: true },
  });
  return mail.text;
}

describe("visible_profile_fields on member cards, landers and the weekly mail", () => {
  const age = ageOn(new Date(BORN));
  const without =
    (...hidden: string[]) =>
    () =>
      allFields.filter((field) => !hidden.includes(field));
  const cases = [
    {
      name: "without age and city: the name and the region only",
      fields: without("age", "city"),
      shown: { age: null, city: null, region: "Utrecht" },
      mailLine: "Pieter Utrecht",
    },
    {
      name: "without region: age and city",
      fields: without("region"),
      shown: { age, city: "Amersfoort", region: null },
      mailLine: `Pieter ${age} jaar, Amersfoort`,
    },
    {
      name: "without age, city and region: the name only (the mail falls back to the country)",
      fields: without("age", "city", "region"),
      shown: { age: null, city: null, region: null },
      mailLine: "Pieter Nederland",
    },
    {
      name: "showing everything: age, city and region",
      fields: () => allFields,
      shown: { age, city: "Amersfoort", region: "Utrecht" },
      mailLine: `Pieter ${age} jaar, Amersfoort`,
    },
  ];

  for (const { name, fields, shown, mailLine } of cases) {
    it(name, async () => {
      await showFields(fields());
      const places = await pieterEverywhere();
      // Soft: a failure names every place that shows too much, not only the first.
      for (const [place, card] of Object.entries(places)) {
        expect.soft(card, place).toMatchObject({ id: pieter.profileId, ...shown });
      }
      expect.soft(await weeklyMailText(), "weekly mail").toContain(`\n${mailLine}\n`);
    });
  }
});
