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
  chart: {
    profit: 'Monthly revenue, cost and net profit by company',
    aging: 'Receivables by age',
    cash: 'Monthly receipts and payments',
    receipts: 'Receipts',
    payments: 'Payments',
    net: 'Net',
  },
  cash: { receipts: 'Total receipts', payments: 'Total payments', net: 'Net' },
  related: { matches: 'Both sides agree', pick: 'Pick a related party' },
};
