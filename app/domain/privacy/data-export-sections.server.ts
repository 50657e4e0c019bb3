// The data archive (docs/product.md, Your data) as a list of sections, in the order its README
// lists them: a new kind of data is one more section here, with its README text in every language.
import type { ZipEntry } from "~/lib/zip-stream.server";
import { mailDate } from "~/domain/notifications/account-mail.server";
import {
  accountSection,
  consentSection,
  loginsSection,
  notificationsSection,
  photosSection,
  pushDevicesSection,
} from "./account-sections.server";
import {
  blocksSection,
  complaintsSection,
  conversationsSection,
  giftsSection,
  likesSection,
  matchesSection,
} from "./contact-sections.server";
import { memberNames, type ExportMember, type ExportSection } from "./export-reading.server";
import { creditsSection, directDebitSection, paymentsSection } from "./money-sections.server";

export const EXPORT_SECTIONS: readonly ExportSection[] = [
  accountSection,
  consentSection,
  photosSection,
  likesSection,
  matchesSection,
  conversationsSection,
  giftsSection,
  creditsSection,
  paymentsSection,
  directDebitSection,
  pushDevicesSection,
  notificationsSection,
  loginsSection,
  complaintsSection,
  blocksSection,
];

/** README.txt: what the archive is, and each section's files with what they hold. */
export function readme(member: ExportMember, site: { name: string; timeZone: string }, madeAt: Date): string {
  const { t } = member;
  const values = { siteName: site.name, date: mailDate(madeAt, member.language, site.timeZone) };
  const title = t("dataExport:readme.title", values);
  const lines = [
    title,
    "=".repeat(title.length),
    "",
    t("dataExport:readme.intro", values),
    t("dataExport:readme.format", values),
    t("dataExport:readme.others", values),
    "",
  ];
  for (const section of EXPORT_SECTIONS) {
    lines.push(section.files.join(", "), `  ${t(`dataExport:readme.sections.${section.name}`, values)}`, "");
  }
  lines.push(t("dataExport:readme.questions", values), "");
  // Windows' Notepad and others read CRLF best; a README is opened there as often as anywhere.
  return lines.join("\r\n");
}

/** Every file of the member's archive: the README first, then each section's in turn. */
export async function* archiveEntries(
  member: ExportMember,
  site: { name: string; timeZone: string },
  madeAt: Date,
): AsyncGenerator<ZipEntry> {
  yield { path: "README.txt", text: readme(member, site, madeAt) };
  const names = memberNames(member.t);
  for (const section of EXPORT_SECTIONS) yield* section.entries(member, names);
}
