import type { MessageNotice } from "./message-notice.server";

// TODO(issue 10, push helper): send the push for a new message or conversation.
export async function pushForMessage(_notice: MessageNotice): Promise<void> {}
