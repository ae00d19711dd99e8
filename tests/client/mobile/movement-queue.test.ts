// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure, http } from '../../../src/client/http.ts';
import {
  enqueue,
  loadMovements,
  lookUpPart,
  PartNeedsNetwork,
  recentParts,
  newClientKey,
  queuedMovements,
  removeQueued,
  sendQueue,
} from '../../../src/mobile/pages/warehouse/movement-queue.ts';
import type { Movement, MovementBody } from '../../../src/mobile/pages/warehouse/warehouse-api.ts';

const OWNER = '000000:1';

const body = (clientKey: string, qty: string): MovementBody => ({
  bizType: '101',
  bizDate: '2026-11-20',
  orgId: 'T1010',
  warehouse: 'RM',
  location: '',
  productId: '42',
  batchNo: '',
  qty,
  unitCost: '2.5',
  partnerName: '',
  sourceNo: '',
  remark: '',
  clientKey,
});

async function keep(qty: string, owner = OWNER): Promise<string> {
  const clientKey = newClientKey();
  await enqueue({
    clientKey,
    owner,
    body: body(clientKey, qty),
    part: { productNo: 'P-1', productName: '支架', unitName: '件' },
  });
  return clientKey;
}

/** A server that stores each client key once, as inventorylog/submit does. */
function server(answer: (body: MovementBody) => 'store' | 'refuse' | 'offline' = () => 'store') {
  const stored = new Map<string, Movement>();
  const sent: string[] = [];
  const send = async (movement: MovementBody): Promise<Movement> => {
    sent.push(movement.qty);
    const what = answer(movement);
    if (what === 'offline') throw new AxiosError('Network Error', 'ERR_NETWORK');
    if (what === 'refuse') throw new ApiFailure(400, '请输入单价');
    const row =
      stored.get(movement.clientKey) ?? ({ id: String(stored.size + 1), qty: movement.qty } as unknown as Movement);
    stored.set(movement.clientKey, row);
    return row;
  };
  return { send, sent, stored };
}

afterEach(async () => {
  for (const owner of [OWNER, '000000:2']) {
    for (const entry of await queuedMovements(owner)) await removeQueued(entry.clientKey);
  }
});

describe('the offline movement queue', () => {
  it('sends the movements in the order they were entered, and empties', async () => {
    await keep('1');
    await keep('2');
    await keep('3');
    const { send, sent } = server();
    const result = await sendQueue(OWNER, send);
    expect(sent).toEqual(['1', '2', '3']);
    expect(result.stored.map((row) => row.qty)).toEqual(['1', '2', '3']);
    expect(await queuedMovements(OWNER)).toEqual([]);
  });

  it('sends each movement once when the online event and the start run together', async () => {
    await keep('1');
    await keep('2');
    const { send, sent, stored } = server();
    const [first, second] = await Promise.all([sendQueue(OWNER, send), sendQueue(OWNER, send)]);
    expect(second).toBe(first);
    expect(sent).toEqual(['1', '2']);
    expect(stored.size).toBe(2);
  });

  it('keeps a refused movement with the server message, sends the others, and does not resend it', async () => {
    await keep('1');
    const refused = await keep('2');
    await keep('3');
    const first = server((movement) => (movement.qty === '2' ? 'refuse' : 'store'));
    expect(await sendQueue(OWNER, first.send)).toMatchObject({ refused: 1 });
    expect(first.sent).toEqual(['1', '2', '3']);
    const left = await queuedMovements(OWNER);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ clientKey: refused, refusal: '请输入单价' });

    const again = server();
    await sendQueue(OWNER, again.send);
    expect(again.sent).toEqual([]);
    expect(await queuedMovements(OWNER)).toHaveLength(1);
  });

  it('an edit clears the refusal and keeps the movement in its place and under its key', async () => {
    const refused = await keep('1');
    await keep('2');
    await sendQueue(OWNER, server(() => 'refuse').send);
    const [entry] = await queuedMovements(OWNER);
    await enqueue({ clientKey: refused, owner: OWNER, body: body(refused, '10'), part: entry!.part });
    const left = await queuedMovements(OWNER);
    expect(left.map((e) => [e.clientKey === refused, e.body.qty, e.refusal])).toEqual([
      [true, '10', undefined],
      [false, '2', '请输入单价'],
    ]);
  });

  it('stops at a network failure and keeps that movement and the ones after it, unmarked', async () => {
    await keep('1');
    await keep('2');
    await keep('3');
    const { send, sent } = server((movement) => (movement.qty === '2' ? 'offline' : 'store'));
    await sendQueue(OWNER, send);
    expect(sent).toEqual(['1', '2']);
    const left = await queuedMovements(OWNER);
    expect(left.map((entry) => [entry.body.qty, entry.refusal])).toEqual([
      ['2', undefined],
      ['3', undefined],
    ]);
  });

  it("sends only the signed-in user's movements", async () => {
    await keep('1', '000000:2');
    await keep('2');
    const { send, sent } = server();
    await sendQueue(OWNER, send);
    expect(sent).toEqual(['2']);
    expect(await queuedMovements('000000:2')).toHaveLength(1);
  });

  it('makes client keys the server accepts, never the same twice', () => {
    const keys = new Set(Array.from({ length: 100 }, newClientKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^m-[A-Za-z0-9_-]{1,62}$/);
  });
});

describe('the part lookup', () => {
  it('finds offline a part this user found online, by either number, and no other user', async () => {
    const part = { id: '42', productNo: 'P-100', customerPartNo: '6901234567892', productName: '前门铰链' };
    http.defaults.adapter = async (config) => ({
      status: 200,
      statusText: '',
      headers: {},
      config,
      data: { code: 200, success: true, msg: '', data: { records: [part], total: 1, size: 20, current: 1, pages: 1 } },
    });
    expect(await lookUpPart(OWNER, 'p-100')).toEqual(part);
    expect(await lookUpPart(OWNER, 'P-10')).toBeUndefined();

    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(await lookUpPart(OWNER, 'P-100')).toEqual(part);
      expect(await lookUpPart(OWNER, '6901234567892')).toEqual(part);
      // Another user never looked it up: only the server could say, which needs the network.
      await expect(lookUpPart('000001:9', 'P-100')).rejects.toBeInstanceOf(PartNeedsNetwork);
      expect(await recentParts(OWNER)).toEqual([part]);
      expect(await recentParts('000001:9')).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });

  it('says a part never looked up needs the network when the request gets no answer', async () => {
    http.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    await expect(lookUpPart(OWNER, 'NEVER-SEEN')).rejects.toBeInstanceOf(PartNeedsNetwork);
  });
});

describe('the movements list offline', () => {
  it('shows the page this user last loaded with the same filters, and nobody else', async () => {
    const filters = { handleStatus: '0' as const, bizType: '', warehouse: 'RM' };
    const page = { records: [{ id: '7', logNo: 'RK202611260001' }], total: 1, size: 20, current: 1, pages: 1 };
    let online = true;
    http.defaults.adapter = async (config) => {
      if (!online) throw new AxiosError('Network Error', 'ERR_NETWORK', config);
      return {
        status: 200,
        statusText: '',
        headers: {},
        config,
        data: { code: 200, success: true, msg: '', data: page },
      };
    };
    expect(await loadMovements(OWNER, filters, 1)).toEqual(page);

    // The network drops while the phone still believes it is online, then the phone knows.
    online = false;
    expect(await loadMovements(OWNER, filters, 1)).toEqual(page);
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(await loadMovements(OWNER, filters, 1)).toEqual(page);
      await expect(loadMovements('000000:2', filters, 1)).rejects.toThrow();
      await expect(loadMovements(OWNER, { ...filters, warehouse: 'FG' }, 1)).rejects.toThrow();
    } finally {
      onLine.mockRestore();
    }
  });
});
