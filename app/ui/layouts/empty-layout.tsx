/** The "Empty" layout: the page alone (the signup modal joins it with the accounts work). */
export function EmptyLayout({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}
