import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_BIN, startPrimary, startStandby, stopAll, type PgServer } from '../support/pg-servers.ts';

/**
 * The harness the scale-out tests stand on (tests/support/pg-servers.ts): a primary and a hot standby of the machine's
 * own PostgreSQL installation, the standby following the primary and lagging behind on demand.
 */
describe.skipIf(!PG_BIN)('extra PostgreSQL servers: a primary and its standby', () => {
  let primary: PgServer;
  let standby: PgServer;

  beforeAll(async () => {
    primary = await startPrimary('primary');
    standby = await startStandby(primary, 'standby');
    await primary.query('create table note (id int primary key, body text not null)');
  });

  afterAll(() => stopAll(), 60_000);

  const notesOnStandby = async () => (await standby.query('select id from note order by id')).map((row) => row.id);
  // The table's creation reaches the standby by replication too: until then the query fails, which is not yet.
  const pollStandby = () => expect.poll(() => notesOnStandby().catch(() => 'no table yet'), { timeout: 30_000 });

  it('runs the two on their own ports, the standby in recovery', async () => {
    expect(primary.port).not.toBe(standby.port);
    expect([primary.port, standby.port]).not.toContain(5432);
    expect(primary.url()).toBe(`postgres://postgres@127.0.0.1:${primary.port}/tenon`);
    expect(standby.jdbcUrl('postgres')).toBe(`jdbc:postgresql://127.0.0.1:${standby.port}/postgres`);
    expect(await primary.query('select pg_is_in_recovery() as r')).toEqual([{ r: false }]);
    expect(await standby.query('select pg_is_in_recovery() as r')).toEqual([{ r: true }]);
    expect(await primary.query('show wal_level')).toEqual([{ wal_level: 'logical' }]);
  });

  it('replays on the standby a row written on the primary', async () => {
    await primary.query('insert into note values ($1, $2)', [1, 'first']);
    await pollStandby().toEqual([1]);
    await expect(standby.query("insert into note values (9, 'refused')")).rejects.toThrow(/read-only transaction/);
  });

  it('holds back a row while replay is paused, and shows it once resumed', async () => {
    await standby.pauseReplay();
    await primary.query('insert into note values ($1, $2)', [2, 'second']);
    // The standby received the row's WAL (up to its commit: the insert position, since an asynchronous commit is
    // written out later) yet did not apply it: a lagging replica, deterministically.
    const [{ lsn }] = await primary.query('select pg_current_wal_insert_lsn()::text as lsn');
    const positions = async () =>
      (
        await standby.query(
          'select pg_last_wal_receive_lsn() >= $1::pg_lsn as received, pg_last_wal_replay_lsn() >= $1::pg_lsn as applied',
          [lsn],
        )
      )[0];
    await expect.poll(async () => (await positions()).received, { timeout: 30_000 }).toBe(true);
    expect(await positions()).toEqual({ received: true, applied: false });
    expect(await notesOnStandby()).toEqual([1]);

    await standby.resumeReplay();
    await pollStandby().toEqual([1, 2]);
  });
});
