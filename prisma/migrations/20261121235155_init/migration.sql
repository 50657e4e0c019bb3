-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "SignupPolicy" AS ENUM ('all', 'with_trafficsource', 'invite_only');

-- CreateEnum
CREATE TYPE "LoggedOutSearch" AS ENUM ('none', 'all');

-- CreateEnum
CREATE TYPE "UserStatus" AS ENUM ('not_confirmed', 'confirmed', 'deleted');

-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('member', 'staff');

-- CreateEnum
CREATE TYPE "NotificationsDisabledReason" AS ENUM ('fbl', 'bounce', 'listunsubscribe');

-- CreateEnum
CREATE TYPE "Gender" AS ENUM ('male', 'female');

-- CreateEnum
CREATE TYPE "Sexuality" AS ENUM ('hetero', 'gay', 'lesbian', 'bi');

-- CreateEnum
CREATE TYPE "RelationshipStatus" AS ENUM ('divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed');

-- CreateEnum
CREATE TYPE "HairColor" AS ENUM ('brunette', 'blond', 'brown', 'white', 'bald', 'black', 'dark_blond', 'dark_brown', 'gray', 'red', 'other');

-- CreateEnum
CREATE TYPE "EyeColor" AS ENUM ('blue', 'green', 'hazel', 'brown', 'gray', 'other');

-- CreateEnum
CREATE TYPE "BodyType" AS ENUM ('slim', 'normal', 'fat');

-- CreateEnum
CREATE TYPE "Tattoos" AS ENUM ('none', 'some', 'many');

-- CreateEnum
CREATE TYPE "SignupReason" AS ENUM ('relationship', 'dating', 'friendship', 'chat', 'adventure');

-- CreateEnum
CREATE TYPE "ProfileStatus" AS ENUM ('active', 'disabled');

-- CreateEnum
CREATE TYPE "PhotoStatus" AS ENUM ('inspection', 'active', 'deleted');

-- CreateEnum
CREATE TYPE "PhotoVisibility" AS ENUM ('public', 'private');

-- CreateTable
CREATE TABLE "Site" (
    "id" SERIAL NOT NULL,
    "domain" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT NOT NULL,
    "countries" TEXT[],
    "domainLanguage" TEXT,
    "indexTitle" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "cdnPrefix" TEXT NOT NULL DEFAULT '',
    "geoipCountry" TEXT NOT NULL DEFAULT 'NL',
    "geoipSelectedCountry" TEXT NOT NULL DEFAULT 'NL',
    "enableSiteEntryPopup" TEXT NOT NULL DEFAULT 'yes',
    "signups" "SignupPolicy" NOT NULL DEFAULT 'all',
    "loggedOutSearch" "LoggedOutSearch" NOT NULL DEFAULT 'all',
    "loggedOutSearchTrafficsource" "LoggedOutSearch" NOT NULL DEFAULT 'all',
    "pushPublicKey" TEXT,
    "supportPhone" TEXT NOT NULL,
    "supportEmail" TEXT NOT NULL,
    "fictionalIcon" BOOLEAN NOT NULL DEFAULT true,
    "fictionalWarning" BOOLEAN NOT NULL DEFAULT true,
    "fictionalSingular" TEXT NOT NULL DEFAULT 'fictief profiel',
    "fictionalPlural" TEXT NOT NULL DEFAULT 'fictieve profielen',
    "visibleProfileFields" TEXT[],
    "visibleProfileNotes" BOOLEAN NOT NULL DEFAULT false,
    "searchFields" TEXT[],
    "messageCredits" INTEGER NOT NULL DEFAULT 10,
    "photoCredits" INTEGER NOT NULL DEFAULT 15,
    "giftCredits" INTEGER NOT NULL DEFAULT 20,
    "signupCredits" INTEGER NOT NULL DEFAULT 0,
    "messageLength" INTEGER NOT NULL DEFAULT 1000,
    "minimumMessageCosts" JSONB NOT NULL DEFAULT '{}',
    "refundDays" INTEGER NOT NULL DEFAULT 14,
    "memberResell" BOOLEAN NOT NULL DEFAULT false,
    "minAge" INTEGER NOT NULL DEFAULT 18,
    "companyId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Site_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Company" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "kvk" TEXT NOT NULL,
    "tradenames" TEXT[],
    "vatNumbers" TEXT[],
    "supportPhone" TEXT NOT NULL,
    "supportEmail" TEXT NOT NULL,
    "deleteDiscount" INTEGER NOT NULL DEFAULT 0,
    "added" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "siteId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT,
    "status" "UserStatus" NOT NULL DEFAULT 'not_confirmed',
    "role" "UserRole" NOT NULL DEFAULT 'member',
    "credits" INTEGER NOT NULL DEFAULT 0,
    "paidUser" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT NOT NULL DEFAULT 'nl',
    "invisible" BOOLEAN NOT NULL DEFAULT false,
    "notificationsDisabled" "NotificationsDisabledReason"[],
    "network" TEXT,
    "ref" TEXT,
    "sub1" TEXT,
    "sub2" TEXT,
    "sub3" TEXT,
    "signupDate" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3),
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Profile" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "gender" "Gender" NOT NULL,
    "seekingGender" "Gender" NOT NULL,
    "dateOfBirth" DATE NOT NULL,
    "country" TEXT NOT NULL,
    "region" TEXT,
    "city" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "aboutMe" TEXT NOT NULL DEFAULT '',
    "reason" "SignupReason",
    "sexuality" "Sexuality" NOT NULL DEFAULT 'hetero',
    "tattoos" "Tattoos",
    "hairColor" "HairColor",
    "eyeColor" "EyeColor",
    "bodyType" "BodyType",
    "relationshipStatus" "RelationshipStatus",
    "status" "ProfileStatus" NOT NULL DEFAULT 'active',
    "isFictional" BOOLEAN NOT NULL DEFAULT false,
    "mainPhotoId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Profile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Interest" (
    "code" TEXT NOT NULL,
    "sortOrder" INTEGER NOT NULL,

    CONSTRAINT "Interest_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "ProfileInterest" (
    "profileId" INTEGER NOT NULL,
    "interestCode" TEXT NOT NULL,

    CONSTRAINT "ProfileInterest_pkey" PRIMARY KEY ("profileId","interestCode")
);

-- CreateTable
CREATE TABLE "Photo" (
    "id" SERIAL NOT NULL,
    "profileId" INTEGER NOT NULL,
    "filename" TEXT NOT NULL,
    "thumbFilename" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "status" "PhotoStatus" NOT NULL DEFAULT 'inspection',
    "visibility" "PhotoVisibility" NOT NULL DEFAULT 'public',
    "rejectionReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reviewedAt" TIMESTAMP(3),

    CONSTRAINT "Photo_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "userAgent" TEXT,
    "ip" TEXT,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Site_domain_key" ON "Site"("domain");

-- CreateIndex
CREATE INDEX "Site_companyId_idx" ON "Site"("companyId");

-- CreateIndex
CREATE INDEX "User_status_idx" ON "User"("status");

-- CreateIndex
CREATE UNIQUE INDEX "User_siteId_email_key" ON "User"("siteId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_userId_key" ON "Profile"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Profile_mainPhotoId_key" ON "Profile"("mainPhotoId");

-- CreateIndex
CREATE INDEX "Profile_gender_country_region_dateOfBirth_idx" ON "Profile"("gender", "country", "region", "dateOfBirth");

-- CreateIndex
CREATE INDEX "Profile_status_idx" ON "Profile"("status");

-- CreateIndex
CREATE INDEX "ProfileInterest_interestCode_idx" ON "ProfileInterest"("interestCode");

-- CreateIndex
CREATE UNIQUE INDEX "Photo_filename_key" ON "Photo"("filename");

-- CreateIndex
CREATE UNIQUE INDEX "Photo_thumbFilename_key" ON "Photo"("thumbFilename");

-- CreateIndex
CREATE INDEX "Photo_profileId_status_idx" ON "Photo"("profileId", "status");

-- CreateIndex
CREATE INDEX "Photo_status_createdAt_idx" ON "Photo"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- AddForeignKey
ALTER TABLE "Site" ADD CONSTRAINT "Site_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "Site"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_mainPhotoId_fkey" FOREIGN KEY ("mainPhotoId") REFERENCES "Photo"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProfileInterest" ADD CONSTRAINT "ProfileInterest_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProfileInterest" ADD CONSTRAINT "ProfileInterest_interestCode_fkey" FOREIGN KEY ("interestCode") REFERENCES "Interest"("code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Photo" ADD CONSTRAINT "Photo_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "Profile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
