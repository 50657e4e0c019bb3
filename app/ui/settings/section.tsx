import { CardSection } from "../card-section";

/** One part of the settings page. */
export function Section(props: { id: string; title: string; children: React.ReactNode }) {
  return <CardSection {...props} testId={`settings-${props.id}`} />;
}
