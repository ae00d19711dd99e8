import { sql } from 'kysely';
import { defineEntity } from '../../src/shared/entities/define.ts';
import type { TestApp } from './app.ts';

/**
 * A document with lines, registered in tests only: the README's example of a new entity (a header pointing at a
 * department and a user, lines pointing at posts). Nothing else was needed for its routes, name joins, reference
 * checks, delete guards and line handling (tests/server/entity-lines.test.ts).
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
    postId: {
      type: 'id',
      ref: 'post',
      form: true,
      label: { zh: '岗位', en: 'Post' },
      required: { zh: '请选择岗位', en: 'Please select the post' },
    },
    qty: { type: 'decimal', form: true, label: { zh: '数量', en: 'Quantity' }, required: true },
    sort: { type: 'int', form: true, default: 0, label: { zh: '排序', en: 'Sort' } },
  },
  defaultSort: [
    ['sort', 'asc'],
    ['id', 'asc'],
  ],
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
    docNo: {
      type: 'string',
      max: 32,
      list: true,
      form: true,
      label: { zh: '单据编号', en: 'Document no.' },
      required: true,
    },
    deptId: {
      type: 'id',
      nullable: true,
      ref: 'dept',
      list: true,
      form: true,
      label: { zh: '所属部门', en: 'Department' },
    },
    handlerId: {
      type: 'id',
      nullable: true,
      ref: 'user',
      list: true,
      form: true,
      label: { zh: '经办人', en: 'Handled by' },
    },
  },
  defaultSort: [['id', 'asc']],
});

export const DOCUMENT_ENTITIES = [testDoc, testDocLine];

/** Their migration, as a module's file in src/server/db/migrations would hold it. */
export const DOCUMENT_MIGRATION = `
create table test_doc (id bigint primary key, tenant_id varchar(12) not null, doc_no varchar(32) not null,
  dept_id bigint, handler_id bigint, is_deleted int not null default 0);
create table test_doc_line (id bigint primary key, tenant_id varchar(12) not null, doc_id bigint not null,
  post_id bigint not null, qty numeric(18,2) not null, sort int not null default 0, is_deleted int not null default 0);
select tenon_isolate_tenant_rows('test_doc');
select tenon_isolate_tenant_rows('test_doc_line');`;

export async function createDocumentTables(t: TestApp) {
  for (const statement of DOCUMENT_MIGRATION.split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(t.services.db);
  }
}
