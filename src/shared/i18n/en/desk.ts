import type { Resource } from '../resource.ts';
import type { desk as zh } from '../zh/desk.ts';

export const desk: Resource<typeof zh> = {
  richText: {
    bold: 'Bold',
    italic: 'Italic',
    underline: 'Underline',
    strike: 'Strikethrough',
    heading: 'Heading {{level}}',
    bulletList: 'Bulleted list',
    orderedList: 'Numbered list',
    link: 'Link',
    image: 'Image',
    undo: 'Undo',
    redo: 'Redo',
    linkAddress: 'Link address (http, https or mailto; empty removes the link)',
    foreignImages:
      '{{count}} image(s) from other websites in the pasted content were left out: download them and add them with the image button',
  },
  notice: {
    read: 'Read',
    unread: 'Unread',
    readDone: 'Read',
    audience: 'Audience',
    wholeTenant: 'Everyone',
    chosen: 'Chosen departments or roles',
    receipts: 'Read by {{count}}',
    noReceipts: 'Nobody has read it yet',
    readers: 'Read receipts',
    latest: 'Latest notices',
    empty: 'No notices',
    all: 'All notices',
  },
  message: {
    status: 'Status',
    markRead: 'Mark read',
    open: 'Open',
    keyword: 'Content',
    time: 'Time',
    category: 'Category',
    categories: { '1': 'Notification', '2': 'Workflow', '3': 'Notice' },
    selectFirst: 'Select messages first',
  },
  home: {
    todo: 'To do',
    unreadMessages: 'Unread messages',
    unreadNotices: 'Unread notices',
    shortcuts: 'Shortcuts',
    noShortcuts: 'Screens you open show up here',
    charts: 'My figures',
    chartTitles: {
      'finance-expense': 'Expense claims this year by month',
      'warehouse-movements': 'Stock movements of the last 30 days',
      'flow-approvals': 'My approvals of the last 8 weeks',
    },
    series: { expense: 'Approved and paid', receipts: 'Receipts', issues: 'Issues', approvals: 'Approved' },
  },
};
