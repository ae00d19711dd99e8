import mysql from 'mysql2/promise';
import type { APIRequestContext } from '@playwright/test';
import { test } from './test.ts';
import { callAs } from './api.ts';
import { answers } from '../../support/port.ts';

/**
 * A MariaDB table of one spec's, read through a 数据源 row as the developer tools read a customer's database: the table
 * and a user who may only read it are made before the spec's tests and dropped after. Where MariaDB does not answer
 * on 127.0.0.1:3306, nothing is made, `up` stays false and the spec says so (its tests skip themselves).
 */
export interface MariaTable {
  up: boolean;
  tag: string;
  table: string;
  /** The 数据源 row's name (`addSource`). */
  source: string;
  /** Saves the 数据源 row naming the table's database and user. */
  addSource(request: APIRequestContext): Promise<unknown>;
}

const root = () => mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });

/** `e2e_<name>_<tag>` created as `create table <it> <definition>` for the spec `spec`. */
export function mariaTable(spec: string, name: string, definition: string): MariaTable {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const table = `e2e_${name}_${tag}`;
  const user = `e2e_${name.slice(0, 1)}_${tag}`;
  const password = `pw-${tag}`;
  const fixture: MariaTable = {
    up: false,
    tag,
    table,
    source: `maria-${name}-${tag}`,
    addSource: (request) =>
      callAs(request, 'post', '/api/blade-develop/datasource/submit', {
        data: {
          name: fixture.source,
          driverClass: 'org.mariadb.jdbc.Driver',
          url: 'jdbc:mariadb://127.0.0.1:3306/test',
          username: user,
          password,
        },
      }),
  };
  test.beforeAll(async () => {
    fixture.up = await answers(3306);
    if (!fixture.up) {
      console.log(`${spec}: skipped, MariaDB does not answer at 127.0.0.1:3306`);
      return;
    }
    const c = await root();
    await c.query(`create table ${table} ${definition}`);
    await c.query(`create user '${user}'@'127.0.0.1' identified by '${password}'`);
    await c.query(`grant select on test.* to '${user}'@'127.0.0.1'`);
    await c.end();
  });
  test.afterAll(async () => {
    if (!fixture.up) return;
    const c = await root();
    await c.query(`drop table if exists ${table}`);
    await c.query(`drop user if exists '${user}'@'127.0.0.1'`);
    await c.end();
  });
  return fixture;
}
