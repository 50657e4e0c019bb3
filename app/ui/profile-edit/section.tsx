import { CardSection } from "../card-section";

/** One part of the profile page; a saved form returns to its anchor. */
export function Section(props: { id: string; title: React.ReactNode; children: React.ReactNode }) {
  return <CardSection {...props} testId={`profile-${props.id}`} anchor />;
}
