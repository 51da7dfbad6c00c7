/**
 * The names of following on the public pages and in Insights (contract §11),
 * apart from the request schemas so that a public page shows them without
 * downloading valibot.
 */
export const followWords = {
  follow: 'Follow',
  remindMe: 'Remind me',
  following: 'Following',
  unfollow: 'Unfollow',
  byEmail: 'Get updates by email',
  insights: 'Followers',
} as const;
