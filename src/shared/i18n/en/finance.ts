import type { Resource } from '../resource.ts';
import type { finance as zh } from '../zh/finance.ts';

export const finance: Resource<typeof zh> = {
  expense: {
    send: 'Submit for approval',
    sendTitle: 'Submit for approval: {{no}}',
    process: 'Approval process',
    processRequired: 'Please choose the process',
    noProcess: 'No fund-approval process is available: ask an administrator to deploy one',
    comment: 'Note',
    sent: 'Submitted for approval',
    pay: 'Pay',
    payTitle: 'Pay: {{no}}',
    paid: 'Paid',
  },
  voucher: {
    enter: 'Enter voucher',
    open: 'Voucher',
    title: 'Voucher {{word}}-{{no}}',
    newTitle: 'Enter voucher',
    aux: 'Auxiliary dimensions',
    total: 'Total',
    balanced: 'Balanced',
    difference: 'Out of balance: {{amount}}',
    audit: 'Audit',
    unaudit: 'Unaudit',
    post: 'Post',
  },
};
