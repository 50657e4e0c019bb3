import { Form } from "react-router";
import { PHOTOS_PAGE } from "./paths";

/** A post to the photos page about one photo: the `intent` and `photoId` fields, then the children. */
export function PhotoForm({
  intent,
  photoId,
  className,
  children,
}: {
  intent: "visibility" | "main" | "delete";
  photoId: number;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action={PHOTOS_PAGE} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="photoId" value={photoId} />
      {children}
    </Form>
  );
}
