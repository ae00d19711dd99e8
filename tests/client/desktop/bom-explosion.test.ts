// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  BomViewDialog,
  nestExplosion,
  OPEN_ALL_UP_TO,
  type ExplodedRow,
} from '../../../src/desktop/pages/production/BomViews.tsx';
import { fakeServer, ok, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

/** BOM展开 as a tree: levels fold, a small explosion opens whole, a large one at its first level. */
const { serve, reset } = fakeServer();
const errors: string[] = [];
useFakeServer({ reset }, errors);

const line = (id: string, level: number, componentNo: string): ExplodedRow => ({
  id,
  level,
  componentNo,
  componentName: `件${componentNo}`,
  componentSpec: '',
  grossQty: 1,
  totalQty: 1,
  unitName: '件',
  sourceTypeName: '自制',
  hasChildren: false,
});

describe('nestExplosion', () => {
  it('puts each depth-first row under the nearest row one level up', () => {
    const { roots, parents } = nestExplosion([
      line('1', 1, 'A'),
      line('2', 2, 'A1'),
      line('3', 3, 'A11'),
      line('4', 2, 'A2'),
      line('5', 1, 'B'),
    ]);
    expect(roots.map((r) => r.componentNo)).toEqual(['A', 'B']);
    expect(roots[0].children!.map((r) => r.componentNo)).toEqual(['A1', 'A2']);
    expect(roots[0].children![0].children!.map((r) => r.componentNo)).toEqual(['A11']);
    expect(roots[1].children).toBeUndefined();
    expect(parents).toEqual(['1', '2']);
  });
});

const EXPLODE = '/api/blade-system/productbom/explode?productId=9&bomVersion=V1.0';
const view = { kind: 'explode' as const, productId: '9', partNo: 'DOOR', bomVersion: 'V1.0' };

it('opens a small explosion whole', async () => {
  serve({ [`GET ${EXPLODE}`]: () => ok([line('1', 1, 'INNER'), line('2', 2, 'BLANK'), line('3', 1, 'HINGE')]) });
  renderDesktop(createElement(BomViewDialog, { view, onClose: () => undefined }), '/production/productbom');
  expect(await screen.findByText('BLANK')).toBeInTheDocument();
  expect(screen.getByText('共 3 行')).toBeInTheDocument();
  expect(errors).toEqual([]);
});

it('opens a large one at its first level; 全部展开 and 全部收起 fold every level', async () => {
  const rows: ExplodedRow[] = [];
  for (let a = 0; a < 3; a++) {
    rows.push(line(`a${a}`, 1, `TOP-${a}`));
    for (let b = 0; b < Math.ceil(OPEN_ALL_UP_TO / 3); b++) rows.push(line(`a${a}b${b}`, 2, `SUB-${a}-${b}`));
  }
  serve({ [`GET ${EXPLODE}`]: () => ok(rows) });
  renderDesktop(createElement(BomViewDialog, { view, onClose: () => undefined }), '/production/productbom');
  expect(await screen.findByText('TOP-2')).toBeInTheDocument();
  expect(screen.getByText(`共 ${rows.length} 行`)).toBeInTheDocument();
  expect(screen.queryByText('SUB-0-0')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: '全部展开' }));
  expect(await screen.findByText('SUB-2-0')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '全部收起' }));
  await waitFor(() => expect(screen.queryByText('SUB-0-0')).toBeNull());
  expect(errors).toEqual([]);
});
