/** The shape of a static page in locales/<lng>/pages.json. */
export interface PageSection {
  heading: string;
  paragraphs: string[];
}

export interface StaticPageContent {
  title: string;
  intro: string;
  sections: PageSection[];
  /** The service page's complaints procedure, linked from the footer as /pages/service#complaints. */
  complaints?: PageSection[];
}
