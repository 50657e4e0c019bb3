/** A card with a heading for one part of the settings page. */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="card mb-4" aria-labelledby={`${id}-title`} data-testid={`settings-${id}`}>
      <div className="card-body">
        <h2 className="h5 card-title" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
