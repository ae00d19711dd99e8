/** Routes of the phone layout: the four tabs of the tab bar, in order, and "me" (reached from the header avatar). */
export const TAB_PATHS = {
  approvals: '/approvals',
  messages: '/messages',
  inventoryLogs: '/inventory-logs',
  lock: '/lock-screen',
  me: '/me',
} as const;
