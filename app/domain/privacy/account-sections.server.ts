// The archive's sections about the account itself (docs/product.md, Your data): account and
// profile, consent, photos, notification settings, push devices and logins.
import { termsAcceptances } from "~/domain/accounts/terms-acceptance.server";
import { NOTIFICATION_KEYS } from "~/domain/core/notification-preferences";
import { db } from "~/lib/db.server";
import { fileStorage } from "~/lib/storage.server";
import { jsonDocument } from "./json-document";
import { EXPORT_BATCH, inBatches, iso, mapBatches, type ExportSection } from "./export-reading.server";

export const accountSection: ExportSection = {
  name: "account",
  files: ["account.json"],
  async *entries({ userId }) {
    const user = await db().user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        email: true,
        status: true,
        role: true,
        language: true,
        credits: true,
        paidUser: true,
        invisible: true,
        hideReadReceipts: true,
        signupDate: true,
        confirmedAt: true,
        lastSeenAt: true,
        signupIp: true,
        signupMessage: true,
        network: true,
        ref: true,
        sub1: true,
        sub2: true,
        sub3: true,
        lander: true,
        campaignToken: true,
        site: { select: { name: true, domain: true } },
        profile: {
          select: {
            name: true,
            gender: true,
            seekingGender: true,
            dateOfBirth: true,
            country: true,
            region: true,
            city: true,
            latitude: true,
            longitude: true,
            aboutMe: true,
            reason: true,
            sexuality: true,
            tattoos: true,
            hairColor: true,
            eyeColor: true,
            bodyType: true,
            relationshipStatus: true,
            status: true,
            createdAt: true,
            updatedAt: true,
            interests: { select: { interestCode: true }, orderBy: { interestCode: "asc" } },
          },
        },
      },
    });
    const { profile } = user;
    yield {
      path: "account.json",
      text: jsonDocument({
        account: {
          site: `${user.site.name} (${user.site.domain})`,
          email: user.email,
          status: user.status,
          role: user.role,
          language: user.language,
          credits: user.credits,
          premium: user.paidUser,
          invisible: user.invisible,
          readReceiptsHidden: user.hideReadReceipts,
          signedUpAt: iso(user.signupDate),
          emailConfirmedAt: iso(user.confirmedAt),
          lastSeenAt: iso(user.lastSeenAt),
          signupIpAddress: user.signupIp,
          signupMessage: user.signupMessage,
          cameFrom: {
            network: user.network,
            reference: user.ref,
            sub1: user.sub1,
            sub2: user.sub2,
            sub3: user.sub3,
            landingPage: user.lander,
            campaignLink: user.campaignToken,
          },
        },
        profile: profile && {
          profileName: profile.name,
          gender: profile.gender,
          lookingFor: profile.seekingGender,
          dateOfBirth: profile.dateOfBirth.toISOString().slice(0, 10),
          country: profile.country,
          region: profile.region,
          city: profile.city,
          latitude: profile.latitude,
          longitude: profile.longitude,
          aboutMe: profile.aboutMe,
          reasonForJoining: profile.reason,
          sexuality: profile.sexuality,
          tattoos: profile.tattoos,
          hairColor: profile.hairColor,
          eyeColor: profile.eyeColor,
          bodyType: profile.bodyType,
          relationshipStatus: profile.relationshipStatus,
          interests: profile.interests.map((i) => i.interestCode),
          profileStatus: profile.status,
          createdAt: iso(profile.createdAt),
          lastChangedAt: iso(profile.updatedAt),
        },
      }),
    };
  },
};

/** An acceptance this close to the signup was the signup's own (it is recorded in the same transaction). */
const AT_SIGNUP_MS = 60_000;

/**
 * The terms and privacy policy accepted (docs/product.md, Consent), newest first: each recorded
 * acceptance with the version (the terms' date) it accepted. Signing up requires accepting both, so
 * an account from before acceptances were recorded lists its signup as the first acceptance.
 */
export const consentSection: ExportSection = {
  name: "consent",
  files: ["consent.json"],
  async *entries({ userId, t }) {
    const [user, recorded] = await Promise.all([
      db().user.findUniqueOrThrow({ where: { id: userId }, select: { signupDate: true } }),
      termsAcceptances(userId),
    ]);
    const document = t("dataExport:archive.termsAndPrivacy");
    const atSignup = (at: Date) => Math.abs(at.getTime() - user.signupDate.getTime()) < AT_SIGNUP_MS;
    const termsAccepted = recorded.map((row) => ({
      document,
      version: iso(row.termsVersion),
      acceptedAt: iso(row.acceptedAt),
      how: t(atSignup(row.acceptedAt) ? "dataExport:archive.atSignup" : "dataExport:archive.whenAsked"),
    }));
    if (!recorded.some((row) => atSignup(row.acceptedAt))) {
      termsAccepted.push({
        document,
        version: null,
        acceptedAt: iso(user.signupDate),
        how: t("dataExport:archive.atSignup"),
      });
    }
    yield { path: "consent.json", text: jsonDocument({ termsAccepted }) };
  },
};

/**
 * Every photo of the profile (private, under inspection and rejected ones too) with its file as
 * stored; a photo whose file is gone (a rejected one) is listed with its reason. Files are read one
 * at a time, each going into the archive before the next is read.
 */
export const photosSection: ExportSection = {
  name: "photos",
  files: ["photos.json", "photos/"],
  async *entries({ profileId }) {
    const rows = profileId
      ? await db().photo.findMany({
          where: { profileId },
          orderBy: { id: "asc" },
          select: {
            id: true,
            filename: true,
            width: true,
            height: true,
            status: true,
            visibility: true,
            rejectionReason: true,
            createdAt: true,
            reviewedAt: true,
            mainOf: { select: { id: true } },
          },
        })
      : [];
    const listed = [];
    const storage = fileStorage();
    for (const photo of rows) {
      const body = photo.status === "deleted" ? null : await storage.read(photo.filename);
      const file = body ? `photos/${photo.id}.webp` : null;
      if (body) yield { path: file!, stored: body };
      listed.push({
        file,
        status: photo.status,
        visibility: photo.visibility,
        mainPhoto: photo.mainOf !== null,
        width: photo.width,
        height: photo.height,
        uploadedAt: iso(photo.createdAt),
        reviewedAt: iso(photo.reviewedAt),
        rejectionReason: photo.rejectionReason,
        fileRemoved: body === null,
      });
    }
    yield { path: "photos.json", text: jsonDocument({ photos: listed }) };
  },
};

export const notificationsSection: ExportSection = {
  name: "notifications",
  files: ["notification-settings.json"],
  async *entries({ userId }) {
    const user = await db().user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        emailNotificationsOff: true,
        notificationsDisabled: true,
        likeMailSentAt: true,
        unreadReminderSentAt: true,
        weeklyUpdateSentAt: true,
        inactivityReminderSentAt: true,
      },
    });
    yield {
      path: "notification-settings.json",
      text: jsonDocument({
        emailNotifications: Object.fromEntries(
          NOTIFICATION_KEYS.map((key) => [key, !user.emailNotificationsOff.includes(key)]),
        ),
        allMailStoppedBecause: user.notificationsDisabled,
        lastMailSent: {
          like: iso(user.likeMailSentAt),
          unreadMessagesReminder: iso(user.unreadReminderSentAt),
          weeklyUpdate: iso(user.weeklyUpdateSentAt),
          inactivityReminder: iso(user.inactivityReminderSentAt),
        },
      }),
    };
  },
};

/** The browsers that receive push messages; their push addresses and keys are left out. */
export const pushDevicesSection: ExportSection = {
  name: "pushDevices",
  files: ["push-devices.json"],
  async *entries({ userId }) {
    const devices = await db().pushSubscription.findMany({
      where: { userId },
      orderBy: { id: "asc" },
      select: { userAgent: true, createdAt: true, lastSuccessAt: true },
    });
    yield {
      path: "push-devices.json",
      text: jsonDocument({
        pushDevices: devices.map((d) => ({
          browser: d.userAgent,
          addedAt: iso(d.createdAt),
          lastPushDeliveredAt: iso(d.lastSuccessAt),
        })),
      }),
    };
  },
};

/** Login sessions (current and past, as long as they are kept) and failed logins on the account. */
export const loginsSection: ExportSection = {
  name: "logins",
  files: ["logins.json"],
  async *entries({ userId }) {
    const sessions = await db().session.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: {
        createdAt: true,
        lastUsedAt: true,
        expiresAt: true,
        ip: true,
        userAgent: true,
        passwordAt: true,
      },
    });
    yield {
      path: "logins.json",
      text: jsonDocument({
        sessions: sessions.map((s) => ({
          startedAt: iso(s.createdAt),
          lastUsedAt: iso(s.lastUsedAt),
          endsAt: iso(s.expiresAt),
          ipAddress: s.ip,
          browser: s.userAgent,
          passwordEnteredAt: iso(s.passwordAt),
        })),
        failedLogins: mapBatches(
          inBatches((afterId) =>
            db().loginAttempt.findMany({
              where: { userId, id: { gt: afterId } },
              orderBy: { id: "asc" },
              take: EXPORT_BATCH,
              select: { id: true, createdAt: true, ip: true },
            }),
          ),
          (batch) => batch.map((a) => ({ at: iso(a.createdAt), ipAddress: a.ip })),
        ),
      }),
    };
  },
};
