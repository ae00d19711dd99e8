// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeServer, ok, page } from '../desktop/fake-server.ts';
import { flow, flowRoutes, renderApprovals, useApprovalsSetup } from '../mobile/approvals-fixtures.ts';
import { approvalOf, approvalOfTable, APPROVALS } from '../../../src/shared/entities/approvals.ts';
import { DEFINITIONS } from '../../../src/shared/entities/catalog.ts';
import { REF_TARGETS } from '../../../src/shared/entities/ref-targets.ts';
import { screenOf } from '../../../src/desktop/pages/registry.ts';
import { GADGET_STATUS, gadget, gadgetLine } from '../../architecture/fixtures/gadget/gadget.ts';

/**
 * Issue 33 point 1, the console's half: the console finds a definition by its file (catalog.ts). Here the catalog
 * also holds the test entity's file (tests/architecture/fixtures/gadget, whose server half is
 * tests/architecture/entity-in-three-places.test.ts), and every table derived from the definitions has it: no other
 * registration.
 */
vi.mock('../../../src/shared/entities/catalog.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/shared/entities/catalog.ts')>();
  const fixture = await import('../../architecture/fixtures/gadget/gadget.ts');
  return { ...real, ...real.catalogOf([...real.DEFINITIONS, ...real.definitionsIn({ 'gadget.ts': fixture })]) };
});

const server = fakeServer();
useApprovalsSetup(server, vi.fn());

describe('an entity added in its definition, its migration and its manifest only', () => {
  it('is found by its file, with its line entity', () => {
    expect(DEFINITIONS).toEqual(expect.arrayContaining([gadget, gadgetLine]));
  });

  it('is a reference target', () => {
    expect(REF_TARGETS[gadget.name]).toEqual({ service: 'blade-system', tree: false });
  });

  it('is approvable, by its kind and by its table', () => {
    expect(APPROVALS).toContain(gadget);
    expect(approvalOf(gadget.approval!.kind)).toBe(gadget);
    expect(approvalOfTable(gadget.table)).toBe(gadget);
  });

  it("opens the shared CRUD screen from its menu, whose code is the definition's", async () => {
    const menu = { menuPath: '/testgadget/test_gadget', code: gadget.code };
    const crud = screenOf(menu, (code) => DEFINITIONS.some((entity) => entity.code === code));
    expect(crud?.entity).toBeDefined();
    expect(await crud!.entity!()).toBe(gadget);
  });

  it("shows its summary on the phone's to-do card", async () => {
    const task = flow({
      taskId: '201',
      taskName: '审批人审批',
      processInstanceId: '601',
      businessId: '991',
      category: '2',
      categoryName: '资金审批流程',
      processDefinitionName: '资金审批流程',
      processDefinitionKey: 'Finance',
      businessTable: gadget.table,
      startUserName: '钱七',
    });
    server.serve(
      flowRoutes({
        'GET /api/blade-flow/work/todo-list': () => page([task]),
        'GET /api/blade-system/process/test-gadget/detail': () =>
          ok({ id: '991', gadgetNo: 'GD-7', amount: '990.00', gadgetStatus: GADGET_STATUS.running, status: 1 }),
      }),
    );
    renderApprovals();
    const gadgetCard = (await screen.findByText('GD-7')).closest('.adm-card') as HTMLElement;
    // Its summary's fields by their labels, the amount as money (the definition's `money` type).
    expect(gadgetCard).toHaveTextContent('器件单号GD-7');
    expect(gadgetCard).toHaveTextContent('金额¥990.00');
    expect(within(gadgetCard).getByText('钱七')).toBeVisible();
  });
});
