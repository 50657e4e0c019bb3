/**
 * A card with a heading for one part of a page (settings, my profile). With `anchor`, `id` is also the
 * section's element id, so a saved form can return to it (it must then differ from the fields' ids).
 */
export function CardSection({
  id,
  title,
  testId,
  anchor = false,
  children,
}: {
  id: string;
  title: React.ReactNode;
  testId: string;
  anchor?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section
      className="card mb-4"
      id={anchor ? id : undefined}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
    >
      <div className="card-body">
        <h2 className="h5 card-title" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
