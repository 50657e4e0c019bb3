/**
 * A window wide enough for the chat list beside a conversation (Bootstrap's `lg`, as in app.scss).
 * The chat layout's script loads the list there only (decision 0028), so a phone gets neither the
 * list's HTML nor its data.
 */
export const WIDE_SCREEN_QUERY = "(min-width: 992px)";
