import { Type, type Static } from 'typebox';

/** What the log module's 服务治理 route answers inside the envelope (url: contract/governance.ts GOVERNANCE_PATH). */

export const CheckName = Type.Union([Type.Literal('database'), Type.Literal('migrations'), Type.Literal('redis')]);
export type CheckName = Static<typeof CheckName>;

const UpOrDown = Type.Union([Type.Literal('UP'), Type.Literal('DOWN')]);

export const CheckResult = Type.Object({
  status: UpOrDown,
  ms: Type.Number({ description: 'how long the check took' }),
  error: Type.Optional(
    Type.String({
      description:
        'why it is down, in a word (timeout, unreachable, pending): never a message that could hold an address',
    }),
  ),
  pending: Type.Optional(Type.Array(Type.String(), { description: 'migrations: the files not recorded as applied' })),
});
export type CheckResult = Static<typeof CheckResult>;

/**
 * A streaming-replication standby lists and reports read from (db/standbys.ts), named by its place in its database's
 * list (this answer is public: no address). One that is down only sends its reads to the primary.
 */
export const StandbyCheck = Type.Object({
  status: UpOrDown,
  error: Type.Optional(
    Type.Union([Type.Literal('unreachable'), Type.Literal('behind'), Type.Literal('promoted')], {
      description: 'unreachable: does not answer; behind: lags more than the bound; promoted: no longer a standby',
    }),
  ),
  lagBytes: Type.Optional(Type.Number({ description: "bytes of its primary's WAL not replayed yet, when known" })),
});
export type StandbyCheck = Static<typeof StandbyCheck>;

/**
 * A data source tenants are placed on (db/placement.ts). One that is down fails only its tenants' requests: the
 * process stays ready for the others.
 */
export const DataSourceCheck = Type.Object({
  id: Type.String(),
  name: Type.String({ description: "the data source's name in 数据源管理" }),
  status: UpOrDown,
  error: Type.Optional(
    Type.Union([Type.Literal('unreachable'), Type.Literal('behind')], {
      description: 'unreachable: does not answer; behind: lacks migrations of this build',
    }),
  ),
  tenants: Type.Integer({ description: 'how many tenants it holds' }),
  standbys: Type.Optional(Type.Array(StandbyCheck, { description: 'its standbys, in the order it names them' })),
});
export type DataSourceCheck = Static<typeof DataSourceCheck>;

/** The readiness answer (Spring Boot Actuator's shape, which BladeX operators know); redis only when configured. */
export const Readiness = Type.Object({
  status: UpOrDown,
  checks: Type.Object({
    database: Type.Optional(CheckResult),
    migrations: Type.Optional(CheckResult),
    redis: Type.Optional(CheckResult),
  }),
  datasources: Type.Optional(Type.Array(DataSourceCheck, { description: 'only when tenants are placed on some' })),
  standbys: Type.Optional(
    Type.Array(StandbyCheck, { description: "the main database's, in the order of DATABASE_STANDBY_URLS" }),
  ),
});
export type Readiness = Static<typeof Readiness>;

/** One minute of a process (the last one is the minute so far). */
export const MinutePoint = Type.Object({
  at: Type.Number({ description: 'start of the minute, epoch milliseconds' }),
  requests: Type.Integer(),
  errors: Type.Integer({ description: 'answers with a 5xx status' }),
  p95Ms: Type.Union([Type.Number(), Type.Null()], {
    description: "95th percentile of the answers' durations in ms (to about 10 %); null without requests",
  }),
  rssMb: Type.Number(),
  heapUsedMb: Type.Number(),
  eventLoopP99Ms: Type.Number({ description: "99th percentile of the event loop's delay over the minute, ms" }),
  dbInUse: Type.Number({ description: 'most database connections busy at the minute’s samples' }),
  dbWaiting: Type.Number({ description: 'most queries waiting for a connection at the minute’s samples' }),
});
export type MinutePoint = Static<typeof MinutePoint>;

/** Who a server is among the processes sharing a database. */
export const ProcessIdentity = Type.Object({
  instanceId: Type.String({ description: 'new at every start: two servers in one process or a restart told apart' }),
  host: Type.String(),
  pid: Type.Integer(),
  version: Type.String(),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  redis: Type.Boolean(),
});
export type ProcessIdentity = Static<typeof ProcessIdentity>;

export const ProcessStatus = Type.Object({
  ...ProcessIdentity.properties,
  uptimeSeconds: Type.Number(),
  lastSeenSeconds: Type.Number({ description: 'seconds since its last heartbeat (0 for the process answering)' }),
  online: Type.Boolean(),
  self: Type.Boolean({ description: 'the process that answered this request' }),
  points: Type.Array(MinutePoint, { description: 'the last hour, one point a minute, oldest first' }),
});
export type ProcessStatus = Static<typeof ProcessStatus>;

export const GovernanceStatus = Type.Object({
  readiness: Readiness,
  processes: Type.Array(ProcessStatus, { description: 'the answering process first, then the others by host, pid' }),
});
export type GovernanceStatus = Static<typeof GovernanceStatus>;

const Label = Type.Object({ zh: Type.String(), en: Type.String() });

/** One field of a change record: `old` absent on an insert, `new` on a delete; labelled by its definition. */
export const FieldChangeView = Type.Object({
  field: Type.String(),
  label: Label,
  old: Type.Optional(Type.Unknown()),
  new: Type.Optional(Type.Unknown()),
});

/** A change record (blade_log_change) as the 操作记录 and the API log's detail show it. */
export const ChangeRecordView = Type.Object({
  id: Type.String(),
  entity: Type.String(),
  entityLabel: Label,
  recordId: Type.String(),
  operation: Type.Union([Type.Literal('insert'), Type.Literal('update'), Type.Literal('delete')]),
  changes: Type.Array(FieldChangeView),
  apiLogId: Type.Union([Type.String(), Type.Null()]),
  createBy: Type.String(),
  createTime: Type.Union([Type.String(), Type.Null()]),
});
export type ChangeRecordView = Static<typeof ChangeRecordView>;
