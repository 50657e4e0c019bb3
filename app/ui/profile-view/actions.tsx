import { BlockButton } from "./block-button";
import { BlockConfirmation } from "./block-confirmation";
import { VisitorActions } from "./visitor-actions";
import type { Viewer } from "./viewer";

/** What the viewer can do with someone else's profile: log in first (visitors) or block (members). */
export function Actions({
  name,
  viewer,
  path,
  confirmBlock,
}: {
  name: string;
  viewer: Viewer;
  path: string;
  confirmBlock: boolean;
}) {
  if (viewer === "visitor") return <VisitorActions path={path} />;
  return (
    <div className="mb-3">
      {confirmBlock ? <BlockConfirmation name={name} path={path} /> : <BlockButton name={name} />}
    </div>
  );
}
