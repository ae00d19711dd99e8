// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ReferencePicker } from '../../../src/desktop/components/ReferencePicker.tsx';
import { shownValue } from '../../../src/client/approval-fields.ts';
import { budgetFill } from '../../../src/shared/entities/budget/budget-fill.ts';
import { textKey } from '../../../src/shared/entities/define.ts';
import { fakeServer, ok, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

/**
 * 科目代码 (issue 31): a reference stored by an account's code shows that code, in a read-only view and in its picker
 * (beside the name), and typing a code in the picker finds the account.
 */
const server = fakeServer();
const errors: string[] = [];
useFakeServer(server, errors);

const node = (id: string, parentId: string, code: string, title: string, disabled = false) => ({
  id,
  parentId,
  key: id,
  value: code,
  title,
  hasChildren: false,
  ...(disabled ? { disabled } : {}),
});
const TREE = [
  { ...node('1', '0', '6601', '销售费用', true), children: [node('2', '1', '660101', '广告费')] },
  { ...node('3', '0', '6602', '管理费用', true), children: [node('4', '3', '660201', '办公费')] },
];
const subject = budgetFill.fields.subject;

describe('科目代码', () => {
  it('shows the code of the account, not its name, where the field is read', () => {
    expect(textKey('subject', subject)).toBe('subject');
    expect(shownValue({ name: 'subject', field: subject }, { subject: '660201', subjectName: '办公费' })).toBe(
      '660201',
    );
  });

  it('shows the chosen account by its code and name, and finds an account by its code', async () => {
    server.serve({ 'GET /api/blade-system/subject/tree': () => ok(TREE) });
    renderDesktop(<ReferencePicker field={subject} lang="zh" value="660201" />);
    expect(await screen.findByText('660201 办公费')).toBeInTheDocument();
    fireEvent.mouseDown(document.querySelector('.ant-select')!);
    fireEvent.change(document.querySelector('.ant-select input')!, { target: { value: '6602' } });
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-tree-title')].map((title) => title.textContent)).toEqual(
        expect.arrayContaining(['6602 管理费用']),
      ),
    );
    const titles = [...document.querySelectorAll('.ant-select-tree-title')].map((title) => title.textContent);
    expect(titles).not.toContain('6601 销售费用');
    expect(errors).toEqual([]);
  });
});
