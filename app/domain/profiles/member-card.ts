import { ageOn } from "./age";

/** A member as a card in a grid (search, match finder, related profiles, likes, signup matches). */
export interface MemberCardData {
  id: number;
  name: string;
  /** Null when the site hides the field (`visible_profile_fields`), as are city and region. */
  age: number | null;
  city: string | null;
  region: string | null;
  /** The main photo when it is approved and public, else null. */
  mainPhotoId: number | null;
  /** Whether the viewing member likes this member; absent for visitors. */
  liked?: boolean;
}

/** A card as a list reads it: the birth date rather than the age; `liked` when read for a member. */
export interface MemberCardRow {
  id: number;
  name: string;
  dateOfBirth: Date;
  city: string | null;
  region: string | null;
  /** Already checked by the statement: null unless approved and public. */
  mainPhotoId: number | null;
  liked?: boolean;
}

/** The card others may see of a row; with `withLiked` (a member looking) it carries the liked state. */
export function cardFromRow(
  { dateOfBirth, liked, ...row }: MemberCardRow,
  visibleFields: readonly string[],
  { withLiked = false, today }: { withLiked?: boolean; today?: Date } = {},
): MemberCardData {
  const card = { ...row, age: ageOn(dateOfBirth, today) };
  return shownToOthers(withLiked ? { ...card, liked: liked ?? false } : card, visibleFields);
}

/** The card's photo: only an approved public main photo is shown on cards. */
export function cardPhotoId(mainPhoto: { id: number; status: string; visibility: string } | null) {
  return mainPhoto?.status === "active" && mainPhoto.visibility === "public" ? mainPhoto.id : null;
}

/** What a site may hide of a member shown to others (cards, landers, mails). */
interface HideableFields {
  age: number | null;
  city: string | null;
  region: string | null;
}

/**
 * A member as others may see them: age, city and region become null when the site's
 * `visible_profile_fields` (Site.visibleProfileFields) leaves them out, so a hidden value never
 * reaches a page's data or a mail. Not for a member's own data.
 */
export function shownToOthers<T extends HideableFields>(
  member: T,
  visibleFields: readonly string[],
): Omit<T, keyof HideableFields> & HideableFields {
  // A site row may hold NULL for the list (the column allows it): then nothing is shown, as on profiles.
  // A list of a few names, read per card: no Set built for each.
  const visible: readonly string[] = visibleFields ?? [];
  return {
    ...member,
    age: visible.includes("age") ? member.age : null,
    city: visible.includes("city") ? member.city : null,
    region: visible.includes("region") ? member.region : null,
  };
}
