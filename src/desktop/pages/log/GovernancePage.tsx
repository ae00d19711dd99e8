import { useMemo } from 'react';
import { Alert, Card, Col, Descriptions, Row, Space, Spin, Tag, theme, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../../client/http.ts';
import {
  GOVERNANCE_PATH,
  HEALTH_LIVE_PATH,
  HEALTH_READY_PATH,
  METRICS_PATH,
  METRICS_TOKEN_ENV,
  type CheckName,
  type GovernanceStatus,
  type MinutePoint,
  type ProcessStatus,
  type Readiness,
} from '../../../shared/contract/governance.ts';
import { Chart } from '../../components/charts/Chart.tsx';
import { DESKTOP_KEY } from '../../queries.ts';
import { durationParts, minutesOption, type Line } from './governance-charts.ts';

/** As often as the processes write their heartbeat (modules/log/heartbeat.ts). */
const REFRESH_MS = 15_000;
const CHART_HEIGHT = 220;

/**
 * 服务治理 (/monitor/admin): the server processes sharing the database, each with its last hour by minute, and this
 * process's readiness; refreshed every 15 s.
 */
export default function GovernancePage() {
  const { t } = useTranslation();
  const status = useQuery({
    queryKey: [DESKTOP_KEY, 'governance'],
    queryFn: () => getData<GovernanceStatus>(GOVERNANCE_PATH),
    refetchInterval: (query) => (query.state.status === 'error' ? false : REFRESH_MS),
  });
  const data = status.data;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="tenon-governance">
      <Card title={t('governance.readiness')} extra={data && <ReadinessTag readiness={data.readiness} />}>
        {data ? <ReadinessChecks readiness={data.readiness} /> : <Spin />}
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          {t('governance.help', {
            metrics: METRICS_PATH,
            env: METRICS_TOKEN_ENV,
            live: HEALTH_LIVE_PATH,
            ready: HEALTH_READY_PATH,
          })}
        </Typography.Paragraph>
      </Card>
      {data && (
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('governance.processes', { count: data.processes.length })}
        </Typography.Title>
      )}
      {data?.processes.map((process) => (
        <ProcessCard key={process.instanceId} process={process} />
      ))}
    </Space>
  );
}

function ReadinessTag({ readiness }: { readiness: Readiness }) {
  const { t } = useTranslation();
  const up = readiness.status === 'UP';
  return <Tag color={up ? 'success' : 'error'}>{t(up ? 'governance.ready' : 'governance.notReady')}</Tag>;
}

const CHECKS: readonly CheckName[] = ['database', 'migrations', 'redis'];

/**
 * One badge a check (Redis only when the server uses it), with its time or why it failed; then one a standby (the main
 * database's, then the data sources'), with its lag or why it is not read from.
 */
function ReadinessChecks({ readiness }: { readiness: Readiness }) {
  const { t } = useTranslation();
  const pending = readiness.checks.migrations?.pending;
  const standbys = [
    ...(readiness.standbys ?? []).map((check, i) => ({ label: t('governance.standby', { n: i + 1 }), check })),
    ...(readiness.datasources ?? []).flatMap((source) =>
      (source.standbys ?? []).map((check, i) => ({
        label: t('governance.sourceStandby', { name: source.name, n: i + 1 }),
        check,
      })),
    ),
  ];
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap>
        {CHECKS.map((name) => {
          const check = readiness.checks[name];
          if (!check) return null;
          const up = check.status === 'UP';
          return (
            <Tag key={name} color={up ? 'success' : 'error'} data-check={name}>
              {t(`governance.check.${name}`)} · {up ? `${check.ms} ms` : check.error}
            </Tag>
          );
        })}
        {standbys.map(({ label, check }) => (
          <Tag key={label} color={check.status === 'UP' ? 'success' : 'error'} data-standby={label}>
            {label} ·{' '}
            {check.status === 'UP' ? t('governance.lag', { size: sizeText(check.lagBytes ?? 0) }) : check.error}
          </Tag>
        ))}
      </Space>
      {pending?.length ? (
        <Alert type="error" showIcon title={t('governance.pending', { names: pending.join(', ') })} />
      ) : null}
    </Space>
  );
}

const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

function ProcessCard({ process }: { process: ProcessStatus }) {
  const { t } = useTranslation();
  const uptime = durationParts(process.uptimeSeconds);
  return (
    <Card
      data-instance={process.instanceId}
      title={
        <Space>
          <span>
            {process.host}:{process.pid}
          </span>
          <Tag color={process.online ? 'success' : 'default'}>
            {t(process.online ? 'governance.online' : 'governance.offline')}
          </Tag>
          {process.self && <Tag color="processing">{t('governance.self')}</Tag>}
        </Space>
      }
      style={process.online ? undefined : { opacity: 0.7 }}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3, xl: 5 }}
        items={[
          { key: 'version', label: t('governance.version'), children: process.version },
          { key: 'uptime', label: t('governance.uptime'), children: t(`governance.${uptime.key}`, uptime.values) },
          {
            key: 'lastSeen',
            label: t('governance.lastSeen'),
            children: t('governance.secondsAgo', { count: process.lastSeenSeconds }),
          },
          { key: 'database', label: t('governance.database'), children: t(`governance.${process.database}`) },
          {
            key: 'redis',
            label: t('governance.redis'),
            children: t(process.redis ? 'governance.yes' : 'governance.no'),
          },
        ]}
      />
      <ProcessCharts points={process.points} />
    </Card>
  );
}

/** The last hour's charts of one process: traffic, latency, memory, event loop and database connections. */
function ProcessCharts({ points }: { points: readonly MinutePoint[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const charts = useMemo(() => {
    const line = (name: string, color: string, value: Line['value']): Line => ({ name: t(name), color, value });
    const chart = (title: string, lines: Line[]) => ({ title: t(title), option: minutesOption(points, lines) });
    return [
      chart('governance.chart.traffic', [
        line('governance.chart.requests', token.colorPrimary, (p) => p.requests),
        line('governance.chart.errors', token.colorError, (p) => p.errors),
      ]),
      chart('governance.chart.latency', [line('governance.chart.p95', token.colorWarning, (p) => p.p95Ms)]),
      chart('governance.chart.memory', [
        line('governance.chart.rss', token.colorPrimary, (p) => p.rssMb),
        line('governance.chart.heap', token.colorSuccess, (p) => p.heapUsedMb),
      ]),
      chart('governance.chart.eventLoop', [line('governance.chart.lag', token.colorWarning, (p) => p.eventLoopP99Ms)]),
      chart('governance.chart.pool', [
        line('governance.chart.inUse', token.colorPrimary, (p) => p.dbInUse),
        line('governance.chart.waiting', token.colorError, (p) => p.dbWaiting),
      ]),
    ];
  }, [points, t, token.colorPrimary, token.colorError, token.colorWarning, token.colorSuccess]);
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 12 }}>
      {charts.map(({ title, option }) => (
        <Col key={title} xs={24} lg={12} xxl={8}>
          <Typography.Text strong>{title}</Typography.Text>
          <Chart option={option} label={title} height={CHART_HEIGHT} />
        </Col>
      ))}
    </Row>
  );
}
