/** A member as a card in a grid (search, match finder, related profiles, likes, signup matches). */
export interface MemberCardData {
  id: number;
  name: string;
  age: number;
  city: string | null;
  region: string | null;
  /** The main photo when it is approved and public, else null. */
  mainPhotoId: number | null;
  /** Whether the viewing member likes this member; absent for visitors. */
  liked?: boolean;
}

/** The card's photo: only an approved public main photo is shown on cards. */
export function cardPhotoId(mainPhoto: { id: number; status: string; visibility: string } | null) {
  return mainPhoto?.status === "active" && mainPhoto.visibility === "public" ? mainPhoto.id : null;
}
