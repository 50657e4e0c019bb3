/** Unread counters show "99+" from 100 on (docs/product.md, Notifications). */
function formatCount(count: number): string {
  return count >= 100 ? "99+" : String(count);
}

export function CountBadge({
  count,
  label,
  className = "bg-unread",
}: {
  count: number;
  label: string;
  className?: string;
}) {
  if (count <= 0) return null;
  return (
    <span className={`badge rounded-pill ms-1 ${className}`} aria-label={label}>
      {formatCount(count)}
    </span>
  );
}
