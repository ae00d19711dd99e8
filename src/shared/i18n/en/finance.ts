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
  fixedAsset: {
    depreciate: 'Record depreciation',
    company: 'Company',
    companyRequired: 'Please select company',
    period: 'Depreciation period',
    periodRequired: 'Please select the depreciation period',
    recorded: 'Depreciation of {{period}} recorded: {{count}} assets, {{amount}} in total',
    history: 'Depreciation records',
    noHistory: 'No depreciation recorded yet',
    amount: 'Depreciation',
    accumulated: 'Accumulated depreciation',
    net: 'Net book value',
    recordedAt: 'Recorded at',
    thisMonth: 'This month',
    chartTitle: 'Depreciation by category',
    noAssets: 'No fixed assets',
  },
};
