/** The top bar's numbers: unread messages (badge on Messages) and new likes (badge on Likes). */
export interface MemberCounts {
  unreadMessages: number;
  newLikes: number;
}
