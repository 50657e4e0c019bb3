/** SPEC section 3: the interest codes, in display order. Labels live in the translations. */
export const INTEREST_CODES = [
  "relationship", "onenightstand", "kissing", "hugging", "massages", "lingerie", "sex", "safesex",
  "publicsex", "oralsex", "analsex", "sextoys", "masturbating", "exchangingpictures", "threesome",
  "gangbang", "bondage", "sadomasochism", "gym", "sports", "dancing", "travelling", "adventure", "party",
  "tattoos", "music", "movies", "videogames", "politics", "outdoors", "gardening", "hiking", "biking",
  "reading", "animals", "beach", "art", "photography", "theater", "shopping", "fashion", "astrology",
  "cooking", "foodie", "bbq", "sushi", "vegetarian", "wine", "beer", "tea", "coffee",
] as const;

export type InterestCode = (typeof INTEREST_CODES)[number];
