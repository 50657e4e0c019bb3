/** The terms version date is the later of this baseline and the company's `added` date. */
const TERMS_BASELINE = new Date("2023-12-01T12:00:00Z");

export function termsVersionDate(companyAdded: Date): Date {
  return companyAdded > TERMS_BASELINE ? companyAdded : TERMS_BASELINE;
}
