// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import GovernancePage from '../../../src/desktop/pages/log/GovernancePage.tsx';
import { durationParts, minutesOption } from '../../../src/desktop/pages/log/governance-charts.ts';
import {
  GOVERNANCE_PATH,
  type GovernanceStatus,
  type MinutePoint,
  type ProcessStatus,
} from '../../../src/shared/contract/governance.ts';
import { fakeServer, ok, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

/** 服务治理: readiness badges, one card a process (online or not, this one marked) and the charts' figures. */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);

const point = (minute: number, extra: Partial<MinutePoint> = {}): MinutePoint => ({
  at: minute * 60_000,
  requests: 120,
  errors: 1,
  p95Ms: 12.5,
  rssMb: 180.2,
  heapUsedMb: 60.1,
  eventLoopP99Ms: 11.3,
  dbInUse: 1,
  dbWaiting: 0,
  ...extra,
});
const proc = (extra: Partial<ProcessStatus>): ProcessStatus => ({
  instanceId: 'a',
  host: 'app-1',
  pid: 101,
  version: '0.1.0',
  database: 'postgres',
  redis: true,
  uptimeSeconds: 93_700,
  lastSeenSeconds: 0,
  online: true,
  self: true,
  points: [point(29_000_000), point(29_000_001)],
  ...extra,
});
const STATUS: GovernanceStatus = {
  readiness: {
    status: 'DOWN',
    checks: {
      database: { status: 'UP', ms: 2 },
      migrations: { status: 'DOWN', ms: 3, error: 'pending', pending: ['0038_process.sql'] },
      redis: { status: 'UP', ms: 1 },
    },
    standbys: [{ status: 'UP', lagBytes: 2048 }],
    datasources: [
      { id: '1', name: 'second', status: 'UP', tenants: 1, standbys: [{ status: 'DOWN', error: 'unreachable' }] },
    ],
  },
  processes: [
    proc({}),
    proc({ instanceId: 'b', host: 'app-2', pid: 202, self: false, online: false, lastSeenSeconds: 95, points: [] }),
  ],
};

describe('the 服务治理 screen', () => {
  it('shows the readiness checks, the standbys, the missing migration and a card per process, this one marked', async () => {
    server.serve({ [`GET ${GOVERNANCE_PATH}`]: () => ok(STATUS) });
    renderDesktop(<GovernancePage />);
    expect(await screen.findByText('未就绪')).toBeVisible();
    const check = (name: string) => document.querySelector(`[data-check=${name}]`)?.textContent;
    expect(check('database')).toBe('数据库 · 2 ms');
    expect(check('migrations')).toBe('数据库迁移 · pending');
    expect(check('redis')).toBe('Redis · 1 ms');
    const standby = (label: string) => document.querySelector(`[data-standby="${label}"]`)?.textContent;
    expect(standby('备库 1')).toBe('备库 1 · 延迟 2 KB');
    expect(standby('second 备库 1')).toBe('second 备库 1 · unreachable');
    expect(screen.getByText('未执行的迁移：0038_process.sql')).toBeVisible();
    expect(screen.getByText(/\/metrics.*TENON_METRICS_TOKEN.*\/api\/health\/live.*\/api\/health\/ready/)).toBeVisible();
    expect(screen.getByText('服务进程（2）')).toBeVisible();

    const card = (instance: string) => document.querySelector<HTMLElement>(`[data-instance=${instance}]`)!;
    const self = within(card('a'));
    expect(self.getByText('app-1:101')).toBeVisible();
    expect(self.getByText('在线')).toBeVisible();
    expect(self.getByText('本进程')).toBeVisible();
    expect(self.getByText('1 天 2 小时')).toBeVisible();
    expect(self.getByText('PostgreSQL')).toBeVisible();
    expect(self.getAllByRole('img').map((chart) => chart.getAttribute('aria-label'))).toEqual([
      '请求与错误（每分钟）',
      '响应时间 p95（毫秒）',
      '内存（MB）',
      '事件循环延迟 p99（毫秒）',
      '数据库连接',
    ]);
    const other = within(card('b'));
    expect(other.getByText('离线')).toBeVisible();
    expect(other.queryByText('本进程')).toBeNull();
    expect(other.getByText('95 秒前')).toBeVisible();
    // No points: each chart is the empty state, nothing to draw.
    expect(other.queryAllByRole('img')).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the 服务治理 charts’ figures', () => {
  it('draw a line a figure on a time axis, a minute without answers as a gap, nothing without points', () => {
    expect(minutesOption([], [{ name: 'x', color: '#000', value: (p) => p.requests }])).toBeUndefined();
    const points = [point(10), point(11, { p95Ms: null, requests: 0 })];
    const option = minutesOption(points, [
      { name: '请求', color: '#1677ff', value: (p) => p.requests },
      { name: 'p95', color: '#faad14', value: (p) => p.p95Ms },
    ])!;
    expect(option.xAxis).toMatchObject({ type: 'time' });
    const series = option.series as Array<{ name: string; color: string; data: unknown[] }>;
    expect(series.map((s) => [s.name, s.color])).toEqual([
      ['请求', '#1677ff'],
      ['p95', '#faad14'],
    ]);
    expect(series[0].data).toEqual([
      [600_000, 120],
      [660_000, 0],
    ]);
    expect(series[1].data).toEqual([
      [600_000, 12.5],
      [660_000, null],
    ]);
  });

  it('say an uptime in its two largest units', () => {
    expect(durationParts(93_700)).toEqual({ key: 'days', values: { d: 1, h: 2 } });
    expect(durationParts(3_725)).toEqual({ key: 'hours', values: { h: 1, m: 2 } });
    expect(durationParts(65.9)).toEqual({ key: 'minutes', values: { m: 1, s: 5 } });
    expect(durationParts(-3)).toEqual({ key: 'minutes', values: { m: 0, s: 0 } });
  });
});
