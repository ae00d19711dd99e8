import { randomInt, timingSafeEqual } from 'node:crypto';
import { nextId } from '../../platform/ids.ts';
import type { KeyValueStore } from '../../platform/kv.ts';

/**
 * Validation codes (send-validate / validate-message): six digits, valid 5 minutes, single use, dead after 5 tries;
 * one per phone per 60 s and 10 a day. Kept in the key-value store (Redis with several processes), per tenant.
 */
export const CODE_TTL_SECONDS = 5 * 60;
export const CODE_GAP_SECONDS = 60;
export const CODES_PER_DAY = 10;
export const CODE_TRIES = 5;

export type CodeRefusal = 'tooSoon' | 'dailyLimit';

interface StoredCode {
  phone: string;
  value: string;
}

const day = () => new Date().toISOString().slice(0, 10);

export class SmsCodes {
  constructor(private readonly kv: KeyValueStore) {}

  /**
   * Takes a code's turn for the phone: refused within 60 s of the last one and after 10 today. The turn is taken
   * before the message leaves, so two requests at once cannot both send.
   */
  async takeTurn(tenantId: string, phone: string): Promise<CodeRefusal | undefined> {
    if (!(await this.kv.claim(`sms:gap:${tenantId}:${phone}`, '1', CODE_GAP_SECONDS))) return 'tooSoon';
    const count = await this.kv.increment(`sms:day:${tenantId}:${phone}:${day()}`, 24 * 60 * 60);
    return count > CODES_PER_DAY ? 'dailyLimit' : undefined;
  }

  /** A new code for the phone, stored for validation: its id and value. */
  async issue(tenantId: string, phone: string): Promise<{ id: string; value: string }> {
    const id = nextId();
    const value = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.kv.set(this.key(tenantId, id), JSON.stringify({ phone, value } satisfies StoredCode), CODE_TTL_SECONDS);
    return { id, value };
  }

  /**
   * Whether `value` is the code `id` sent to `phone`. Every try counts, the right one too: after 5 the code is dead.
   * A right one is taken (single use): of two at once, one wins.
   */
  async check(tenantId: string, id: string, phone: string, value: string): Promise<boolean> {
    const key = this.key(tenantId, id);
    const tries = await this.kv.increment(`${key}:tries`, CODE_TTL_SECONDS);
    if (tries > CODE_TRIES) {
      await this.kv.del(key);
      return false;
    }
    const stored = parse(await this.kv.get(key));
    if (!stored || stored.phone !== phone || !same(stored.value, value)) {
      if (tries >= CODE_TRIES) await this.kv.del(key);
      return false;
    }
    return (await this.kv.take(key)) !== null;
  }

  private key(tenantId: string, id: string) {
    return `sms:code:${tenantId}:${id}`;
  }
}

function parse(text: string | null): StoredCode | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as StoredCode;
  } catch {
    return undefined;
  }
}

/** Compared in constant time: how long a wrong guess takes says nothing about its digits. */
const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
