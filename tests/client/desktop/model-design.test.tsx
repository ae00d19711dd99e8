// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ModelDesignDialog } from '../../../src/desktop/pages/develop/ModelDesignDialog.tsx';
import { MODEL_TABLE_INFO_URL } from '../../../src/shared/contract/api/develop.ts';
import { LIVE_REFERABLE_URL } from '../../../src/shared/develop/live.ts';
import type { PrototypeDraft } from '../../../src/shared/contract/api/develop.schemas.ts';
import { fakeServer, ok, page, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

/** 设计 of a data model (ModelDesignDialog): what a field's 引用实体 may pick. */
const { serve, reset } = fakeServer();
useFakeServer({ reset });

const SHELF: PrototypeDraft = {
  modelId: 'm1',
  jdbcName: 'shelf_id',
  jdbcType: 'bigint',
  comment: '书架',
  commentEn: 'Shelf',
  propertyType: 'Long',
  propertyEntity: '',
  propertyName: 'shelfId',
  fieldType: 'id',
  maxLength: null,
  isList: 1,
  isForm: 1,
  isRow: 0,
  isRequired: 0,
  isQuery: 0,
  isUnique: 0,
  isNullable: 1,
  componentType: 'select',
  dictCode: '',
  queryType: 'equal',
  refEntity: '',
  sort: 1,
};

describe('the model designer', () => {
  it('offers the published live models as 引用实体, after the console’s own entities', async () => {
    serve({
      'GET /api/blade-develop/model-prototype/list': () => page([SHELF]),
      [`GET ${MODEL_TABLE_INFO_URL}`]: () => ok({ name: 'live_volume', comment: '', fields: [] }),
      'GET /api/blade-system/dict/lazy-list': () => ok([]),
      [`GET ${LIVE_REFERABLE_URL}`]: () => ok([{ value: 'liveshelf', label: 'liveshelf 书架' }]),
    });
    renderDesktop(<ModelDesignDialog model={{ id: 'm1', modelName: '卷' }} onClose={() => undefined} />);
    const pick = await screen.findByRole('combobox', { name: '引用实体 shelf_id' });
    fireEvent.mouseDown(pick);
    expect(
      await screen.findByText('liveshelf 书架', { selector: '.ant-select-item-option-content' }),
    ).toBeInTheDocument();
    // The built-in ones stay (a department, for one).
    fireEvent.change(pick, { target: { value: 'dept' } });
    expect(
      within(document.body).getAllByText(/^dept /, { selector: '.ant-select-item-option-content' }).length,
    ).toBeGreaterThan(0);
  });
});
