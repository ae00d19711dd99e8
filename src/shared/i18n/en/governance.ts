import type { Resource } from '../resource.ts';
import type { governance as zh } from '../zh/governance.ts';

export const governance: Resource<typeof zh> = {
  title: 'Service governance',
  readiness: 'Readiness',
  ready: 'Ready',
  notReady: 'Not ready',
  check: {
    database: 'Database',
    migrations: 'Migrations',
    redis: 'Redis',
  },
  pending: 'Migrations not applied: {{names}}',
  standby: 'Standby {{n}}',
  sourceStandby: '{{name}} standby {{n}}',
  lag: 'lag {{size}}',
  processes: 'Server processes ({{count}})',
  self: 'This process',
  online: 'Online',
  offline: 'Offline',
  version: 'Version',
  uptime: 'Uptime',
  lastSeen: 'Last heartbeat',
  secondsAgo: '{{count}} s ago',
  database: 'Database',
  pglite: 'PGlite (embedded)',
  postgres: 'PostgreSQL',
  redis: 'Redis',
  yes: 'Yes',
  no: 'No',
  days: '{{d}} d {{h}} h',
  hours: '{{h}} h {{m}} min',
  minutes: '{{m}} min {{s}} s',
  chart: {
    traffic: 'Requests and errors (per minute)',
    requests: 'Requests',
    errors: 'Errors (5xx)',
    latency: 'Response time p95 (ms)',
    p95: 'p95',
    memory: 'Memory (MB)',
    rss: 'RSS',
    heap: 'Heap used',
    eventLoop: 'Event-loop delay p99 (ms)',
    lag: 'Delay p99',
    pool: 'Database connections',
    inUse: 'In use',
    waiting: 'Waiting',
  },
  help:
    'The last hour, one point a minute, refreshed every 15 s; a process without a heartbeat for a minute shows offline. ' +
    'Prometheus scrapes {{metrics}} at each process’s own address with the header Authorization: Bearer <the value of ' +
    '{{env}}>; load balancers probe {{live}} (liveness) and {{ready}} (readiness).',
};
