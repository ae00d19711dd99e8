import { sql } from 'kysely';
import { defineEntity } from '../../src/shared/entities/define.ts';
import type { TestApp } from './app.ts';

/**
 * A document with lines, registered in tests only (no module has lines yet): a header pointing at a dept, lines
 * pointing at posts.
 */
export const testDocLine = defineEntity({
  name: 'test-doc-line',
  service: 'blade-desk',
  table: 'test_doc_line',
  label: { zh: '测试单据明细', en: 'Test document line' },
  code: 'test_doc',
  tenant: true,
  audit: false,
  fields: {
    docId: { type: 'id', label: { zh: '单据', en: 'Document' } },
    postId: { type: 'id', ref: 'post', form: true, label: { zh: '岗位', en: 'Post' }, required: { zh: '请选择岗位', en: 'Please select the post' } },
    qty: { type: 'decimal', form: true, label: { zh: '数量', en: 'Quantity' }, required: true },
    sort: { type: 'int', form: true, default: 0, label: { zh: '排序', en: 'Sort' } },
  },
  defaultSort: [['sort', 'asc'], ['id', 'asc']],
});

export const testDoc = defineEntity({
  name: 'test-doc',
  service: 'blade-desk',
  table: 'test_doc',
  label: { zh: '测试单据', en: 'Test document' },
  code: 'test_doc',
  tenant: true,
  audit: false,
  display: 'docNo',
  lines: { items: { entity: testDocLine, foreignKey: 'docId', label: { zh: '明细', en: 'Lines' } } },
  fields: {
    docNo: { type: 'string', max: 32, list: true, form: true, label: { zh: '单据编号', en: 'Document no.' }, required: true },
    deptId: { type: 'id', nullable: true, ref: 'dept', list: true, form: true, label: { zh: '所属部门', en: 'Department' } },
  },
  defaultSort: [['id', 'asc']],
});

export const DOCUMENT_ENTITIES = [testDoc, testDocLine];

/** Their tables, as a module's migration would create them. */
export async function createDocumentTables(t: TestApp) {
  await sql`create table test_doc (id bigint primary key, tenant_id varchar(12) not null, doc_no varchar(32) not null,
    dept_id bigint, is_deleted int not null default 0)`.execute(t.services.db);
  await sql`create table test_doc_line (id bigint primary key, tenant_id varchar(12) not null, doc_id bigint not null,
    post_id bigint not null, qty numeric(18,2) not null, sort int not null default 0, is_deleted int not null default 0)`.execute(t.services.db);
}
