/** A card with a heading for one part of the profile page; `id` is also the anchor a saved form returns to. */
export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="card mb-4" id={id} aria-labelledby={`${id}-title`} data-testid={`profile-${id}`}>
      <div className="card-body">
        <h2 className="h5 card-title" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
