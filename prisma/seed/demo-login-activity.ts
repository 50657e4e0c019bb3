import type { PrismaClient } from "../../app/generated/prisma/client";
import type { Gender } from "../../app/generated/prisma/enums";
import { grantSignupCredits } from "../../app/domain/accounts/confirm-address.server";
import { currencyForCountry } from "../../app/domain/credits/money";
import { packagesFor, type CreditPackage } from "../../app/domain/credits/packages.server";
import { purchaseOffer } from "../../app/domain/payments/purchase-offer.server";
import { bookPaidPayment } from "../../app/domain/payments/sync-payment.server";
import { writeDemoConversation, type DemoChatSite, type DemoConversation } from "./demo-conversations";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Members the demo logins write with and like; fewer demo members than this leave the logins idle. */
const PARTNERS_NEEDED = 9;

interface DemoLoginEmails {
  free: string;
  premium: string;
  /** The demo members' e-mail domain: partners are taken from the seeded members only. */
  domain: string;
}

/**
 * Seeded members in the Netherlands a login would meet: confirmed, listed, not fictional, with a
 * public photo, of the gender the login seeks and seeking the login's; the newest first, away from
 * the oldest members who already like the logins (demo-data.ts). The same rows on every run.
 */
async function partnerPool(
  prisma: PrismaClient,
  login: { siteId: number; gender: Gender; seeking: Gender },
  domain: string,
) {
  const profiles = await prisma.profile.findMany({
    where: {
      gender: login.seeking,
      seekingGender: login.gender,
      status: "active",
      isFictional: false,
      country: "NL",
      mainPhoto: { status: "active", visibility: "public" },
      user: {
        siteId: login.siteId,
        role: "member",
        status: "confirmed",
        invisible: false,
        reportHoldAt: null,
        email: { startsWith: "member", endsWith: `@${domain}` },
      },
    },
    orderBy: { id: "desc" },
    take: PARTNERS_NEEDED,
    select: { userId: true },
  });
  return profiles.map((p) => p.userId);
}

/**
 * A paid purchase as a real one leaves it: our payment row as checkout creates it (the offer's
 * amount, currency and discount for this buyer at that moment, paid by iDEAL), then booked by the
 * webhook's own function (credits through the ledger, Premium). `molliePaymentId` stands in for
 * Mollie's id; neither Mollie nor its simulator knows the payment, so it cannot be refunded there.
 */
async function paidPurchase(
  prisma: PrismaClient,
  buyer: { userId: number; siteId: number },
  pick: (packages: CreditPackage[]) => CreditPackage,
  paidAt: Date,
  molliePaymentId: string,
) {
  const existing = await prisma.payment.findUnique({ where: { molliePaymentId }, select: { id: true } });
  let paymentId = existing?.id;
  if (paymentId === undefined) {
    const createdAt = new Date(paidAt.getTime() - 2 * MINUTE);
    const user = await prisma.user.findUniqueOrThrow({
      where: { id: buyer.userId },
      select: { signupDate: true, paidUser: true, profile: { select: { country: true } } },
    });
    const country = user.profile?.country ?? "NL";
    const creditPackage = pick(await packagesFor(buyer.siteId, currencyForCountry(country)));
    const offer = await purchaseOffer(buyer.siteId, country, creditPackage.id, {
      buyer: { userId: buyer.userId, signupDate: user.signupDate, paidUser: user.paidUser },
      method: "ideal",
      now: createdAt,
    });
    if (!offer) throw new Error(`No package ${creditPackage.id} on sale for the demo purchase`);
    const payment = await prisma.payment.create({
      data: {
        userId: buyer.userId,
        siteId: buyer.siteId,
        packageId: creditPackage.id,
        method: "ideal",
        issuer: "ideal_INGBNL2A",
        amountCents: offer.amountCents,
        currency: offer.currency,
        credits: creditPackage.credits,
        discountPercent: offer.discountPercent,
        discountCode: offer.discountCode,
        molliePaymentId,
        createdAt,
      },
      select: { id: true },
    });
    paymentId = payment.id;
  }
  await bookPaidPayment(paymentId, paidAt);
}

/** Likes given by `likerId`, each told to the liked member already (no mail, no modal), skipping existing ones. */
async function likes(prisma: PrismaClient, likerId: number, liked: { userId: number; at: Date }[]) {
  await prisma.like.createMany({
    skipDuplicates: true,
    data: liked.map(({ userId, at }) => ({
      likerId,
      likedId: userId,
      createdAt: at,
      isNew: false,
      announcedAt: at,
      mailedAt: at,
    })),
  });
}

/** Every mutual like involving `userId` is a match (lower user id first), dated by the later like. */
async function matchMutualLikes(prisma: PrismaClient, userId: number) {
  await prisma.$executeRaw`
    INSERT INTO "Match" ("userAId", "userBId", "createdAt")
    SELECT least(a."likerId", a."likedId"), greatest(a."likerId", a."likedId"), greatest(a."createdAt", b."createdAt")
    FROM "Like" a JOIN "Like" b ON b."likerId" = a."likedId" AND b."likedId" = a."likerId"
    WHERE a."likerId" = ${userId}
    ON CONFLICT DO NOTHING`;
}

/**
 * The free demo member: a match who wrote first and sent a photo and a rose (unread), a member whose
 * two messages she read without answering yet, and a new message (unread). She answered once from
 * her signup credits and has credits for one more message; she never paid.
 */
function freeConversations(free: number, [match, reader, newcomer]: number[], now: Date, matchAt: Date) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const after = (ms: number) => new Date(matchAt.getTime() + ms);
  const conversations: DemoConversation[] = [
    {
      between: [free, match!],
      messages: [
        {
          senderId: match!,
          at: after(HOUR),
          text: "Hoi! Leuk dat we een match zijn. Hoe is je week tot nu toe?",
        },
        {
          senderId: free,
          at: after(HOUR + 20 * MINUTE),
          text: "Hoi! Ja, leuk! Druk op mijn werk, maar ik kijk uit naar het weekend. En jij?",
        },
        {
          senderId: match!,
          at: ago(56 * MINUTE),
          text: "Rustig aan gedaan: een wandeling langs de Vecht. Hier een foto van vanmiddag.",
          unread: true,
        },
        { senderId: match!, at: ago(55 * MINUTE), photo: true, unread: true },
        { senderId: match!, at: ago(54 * MINUTE), gift: "rose", unread: true },
      ],
    },
    {
      between: [free, reader!],
      messages: [
        {
          senderId: reader!,
          at: ago(2 * DAY + 3 * HOUR),
          text: "Goedemorgen! Hoe was je weekend? Ik heb zondag de hele middag staan koken.",
        },
        {
          senderId: reader!,
          at: ago(2 * DAY + 2 * HOUR + 50 * MINUTE),
          text: "Indonesisch deze keer, al kan mijn rendang nog beter. Kook jij graag?",
        },
      ],
    },
    {
      between: [free, newcomer!],
      messages: [
        {
          senderId: newcomer!,
          at: ago(12 * MINUTE),
          text: "Hallo! Mooie foto's op je profiel. Woon je al lang in Utrecht?",
          unread: true,
        },
      ],
    },
  ];
  return conversations;
}

/**
 * The premium demo member: a match she wrote to and sent a photo (one answer unread), a member she
 * sent a heart and who answered (read), a member who wrote twice (unread), and a member who read
 * her message and has not answered yet.
 */
function premiumConversations(
  premium: number,
  [match, charmed, traveller, quiet]: number[],
  now: Date,
  matchAt: Date,
) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const after = (ms: number) => new Date(matchAt.getTime() + ms);
  const conversations: DemoConversation[] = [
    {
      between: [premium, match!],
      messages: [
        {
          senderId: premium,
          at: after(30 * MINUTE),
          text: "Hoi! Wat leuk, een match. Fiets jij ook graag?",
        },
        {
          senderId: match!,
          at: after(2 * HOUR),
          text: "Ja! Elk weekend een rondje langs de Lek. Jij ook?",
        },
        { senderId: premium, at: after(3 * HOUR), photo: true },
        {
          senderId: premium,
          at: after(3 * HOUR + MINUTE),
          text: "Zeker! Deze is van vorige week, na een tocht naar Amerongen.",
        },
        {
          senderId: match!,
          at: ago(20 * MINUTE),
          text: "Mooi! Zin om zaterdag samen te gaan? Het wordt zonnig.",
          unread: true,
        },
      ],
    },
    {
      between: [premium, charmed!],
      messages: [
        { senderId: premium, at: ago(DAY + 5 * HOUR), gift: "heart" },
        {
          senderId: premium,
          at: ago(DAY + 5 * HOUR - MINUTE),
          text: "Een hartje voor jou: je profieltekst maakte me aan het lachen.",
        },
        {
          senderId: charmed!,
          at: ago(DAY + 2 * HOUR),
          text: "Wat lief, dank je! Jij ziet er ook vrolijk uit. Wat doe je voor werk?",
        },
      ],
    },
    {
      between: [premium, traveller!],
      messages: [
        {
          senderId: traveller!,
          at: ago(5 * HOUR),
          text: "Hoi! Reis jij graag? Ik kom net terug uit Lissabon.",
          unread: true,
        },
        {
          senderId: traveller!,
          at: ago(5 * HOUR - 2 * MINUTE),
          text: "Echt een aanrader, vooral in het voorjaar. Waar ben jij het laatst geweest?",
          unread: true,
        },
      ],
    },
    {
      between: [premium, quiet!],
      messages: [
        {
          senderId: premium,
          at: ago(6 * HOUR),
          text: "Hoi! Jij woont ook in de buurt van Utrecht, toch? Zin om een keer koffie te drinken?",
        },
      ],
    },
  ];
  return conversations;
}

/**
 * The demo logins' own activity, so every member screen shows something: the free login's and the
 * premium login's likes given (one of them returned: a match), their signup credits, a paid purchase
 * for the premium login (and for a member who writes to the free one), and conversations with
 * members, some read and some unread, with a gift and a photo. Times count back from `now`, one
 * moment for the whole seed; the credit ledger's own times are those of seeding. Idempotent:
 * what exists (likes, payments, conversations, ledger references) is not written again.
 */
export async function seedDemoLoginActivity(
  prisma: PrismaClient,
  emails: DemoLoginEmails,
  siteId: number,
  now: Date,
) {
  const logins = await prisma.user.findMany({
    where: { siteId, email: { in: [emails.free, emails.premium] } },
    select: { id: true, email: true, profile: { select: { gender: true, seekingGender: true } } },
  });
  const free = logins.find((l) => l.email === emails.free);
  const premium = logins.find((l) => l.email === emails.premium);
  if (!free?.profile || !premium?.profile)
    throw new Error("The demo logins are seeded before their activity");
  const pools = await Promise.all(
    [free, premium].map((login) =>
      partnerPool(
        prisma,
        { siteId, gender: login.profile!.gender, seeking: login.profile!.seekingGender },
        emails.domain,
      ),
    ),
  );
  if (pools.some((pool) => pool.length < PARTNERS_NEEDED)) return;
  // Disjoint partners: the free login's first four of her pool (her match, a reader, a newcomer and
  // one she liked), the premium login's next five (her match, a charmed one, a traveller, a quiet
  // one and one she liked).
  const freePartners = pools[0]!.slice(0, 4);
  const premiumPartners = pools[1]!.slice(4, 9);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const matchAt = ago(2 * DAY - HOUR);
  const site: DemoChatSite = await prisma.site.findUniqueOrThrow({
    where: { id: siteId },
    select: {
      id: true,
      messageCredits: true,
      minimumMessageCosts: true,
      photoCredits: true,
      giftCredits: true,
    },
  });

  // Each match liked the login first; the login liked back an hour later, and liked two others.
  for (const [login, match, liked] of [
    [free.id, freePartners[0]!, [freePartners[1]!, freePartners[3]!]],
    [premium.id, premiumPartners[0]!, [premiumPartners[1]!, premiumPartners[4]!]],
  ] as const) {
    await likes(prisma, match, [{ userId: login, at: ago(2 * DAY) }]);
    await likes(prisma, login, [
      { userId: match, at: matchAt },
      ...liked.map((userId, n) => ({ userId, at: ago(3 * DAY - n * HOUR) })),
    ]);
    await matchMutualLikes(prisma, login);
  }

  const writers = [free.id, premium.id, ...freePartners.slice(0, 3), ...premiumPartners.slice(0, 4)];
  for (const userId of writers) await prisma.$transaction((tx) => grantSignupCredits(tx, userId));
  await paidPurchase(
    prisma,
    { userId: premium.id, siteId },
    (packages) => packages.find((p) => p.popular) ?? packages.at(-1)!,
    ago(4 * DAY),
    `tr_demo${premium.id}`,
  );
  // The free login's match writes more than signup credits pay for: a member who bought credits too.
  await paidPurchase(
    prisma,
    { userId: freePartners[0]!, siteId },
    (packages) => packages[0]!,
    ago(3 * HOUR),
    `tr_demo${freePartners[0]}`,
  );

  const conversations = [
    ...freeConversations(free.id, freePartners, now, matchAt),
    ...premiumConversations(premium.id, premiumPartners, now, matchAt),
  ];
  for (const conversation of conversations) await writeDemoConversation(prisma, site, conversation);
}
