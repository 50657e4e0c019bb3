import type { MessageNotice } from "./message-notice.server";

// TODO(issue 10, mail helper): schedule the new-conversation / new-messages mail.
export async function scheduleMessageMail(_notice: MessageNotice): Promise<void> {}
