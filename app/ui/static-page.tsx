import type { PageSection, StaticPageContent } from "~/domain/sites/static-page-content";

function Section({ section }: { section: PageSection }) {
  return (
    <section>
      <h2>{section.heading}</h2>
      {section.paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </section>
  );
}

export function StaticPage({
  content,
  children,
}: {
  content: StaticPageContent;
  children?: React.ReactNode;
}) {
  return (
    <main className="container py-4 static-page">
      <h1 className="h2 text-primary">{content.title}</h1>
      <p className="lead">{content.intro}</p>
      {children}
      {content.sections.map((section, index) => (
        <Section key={index} section={section} />
      ))}
      {content.complaints && (
        <div id="complaints">
          {content.complaints.map((section, index) => (
            <Section key={index} section={section} />
          ))}
        </div>
      )}
    </main>
  );
}
