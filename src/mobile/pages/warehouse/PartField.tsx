import { useEffect, useRef, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../../client/http.ts';
import { useOnline } from '../../../client/pwa.ts';
import { Field } from '../../components/Field.tsx';
import { lookUpPart, PartNeedsNetwork, recentParts } from './movement-queue.ts';
import { movementKeys, useQueueOwner } from './movement-sync.ts';
import { Scanner } from './Scanner.tsx';
import { fetchStock, movementLabel, type Part } from './warehouse-api.ts';
import { WEDGE_TARGET_ATTRIBUTE } from './wedge-scanner.ts';

/** A code a scanner typed (`seq` counts the scans, so the same code scanned twice is looked up twice). */
export interface ScannedCode {
  code: string;
  seq: number;
}

/**
 * The part of a movement: its number typed or scanned, looked up on Enter, on leaving the field or after a scan
 * (exactly, by part number or customer part number), shown as number and name with its stock below. Offline it offers
 * the parts this user looked up last, and a part never looked up says it needs the network.
 */
export function PartField({
  part,
  error,
  scanned,
  onChange,
}: {
  part?: Part;
  error?: string;
  /** The last code a keyboard-wedge scanner typed: it replaces what the field holds and is looked up. */
  scanned?: ScannedCode;
  onChange: (part: Part | undefined) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState(part?.productNo ?? '');
  const [looked, setLooked] = useState(part?.productNo ?? '');
  const [problem, setProblem] = useState<string>();
  const [looking, setLooking] = useState(false);
  const [scanning, setScanning] = useState(false);
  const owner = useQueueOwner();
  const online = useOnline();
  const recent = useRecentParts(owner, !online);
  // Only the last lookup or choice counts: an answer to an earlier one (a blur before a tap) is dropped.
  const turn = useRef(0);
  const label = movementLabel('productNo');

  const lookUp = async (text: string, again = false) => {
    const wanted = text.trim();
    if (wanted === looked && !again) return;
    const mine = ++turn.current;
    setLooked(wanted);
    setProblem(undefined);
    if (!wanted) {
      onChange(undefined);
      return;
    }
    setLooking(true);
    let found: Part | undefined;
    let failure: string | undefined;
    try {
      found = await lookUpPart(owner, wanted);
      if (!found) failure = t('mobile.warehouse.partNotFound');
    } catch (error) {
      if (error instanceof PartNeedsNetwork) failure = t('mobile.warehouse.partNeedsNetwork');
      else failure = error instanceof ApiFailure ? error.message : t('common.networkError');
    }
    if (mine !== turn.current) return;
    setLooking(false);
    onChange(found);
    setProblem(failure);
  };
  const scannedSeq = scanned?.seq;
  useEffect(() => {
    if (!scanned) return;
    setCode(scanned.code);
    void lookUp(scanned.code, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each scan once, whatever else changed since
  }, [scannedSeq]);
  const choose = (picked: Part) => {
    turn.current += 1;
    setCode(picked.productNo);
    setLooked(picked.productNo);
    setLooking(false);
    setProblem(undefined);
    onChange(picked);
  };

  return (
    <>
      <Field
        label={label}
        error={problem ?? error}
        extra={
          <Button
            className="m-scan-button"
            fill="none"
            color="primary"
            aria-label={t('mobile.warehouse.scan')}
            onClick={() => setScanning(true)}
          >
            <ScanningOutline fontSize={24} />
          </Button>
        }
      >
        <Input
          value={code}
          onChange={(text) => {
            setCode(text);
            if (part && text.trim() !== looked) onChange(undefined);
          }}
          onEnterPress={() => void lookUp(code)}
          // Enter looks the part up; it does not send the form (a scanner ends every code with it).
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          onBlur={() => void lookUp(code)}
          placeholder={t('mobile.warehouse.partPlaceholder')}
          aria-label={label}
          enterKeyHint="search"
          autoFocus
          clearable
          {...{ [WEDGE_TARGET_ATTRIBUTE]: '' }}
        />
        {looking && <div className="m-field-hint">{t('mobile.warehouse.partLooking')}</div>}
        {!online && !part && recent.length > 0 && (
          <div className="m-recent-parts" role="group" aria-label={t('mobile.warehouse.recentParts')}>
            <div className="m-field-hint">{t('mobile.warehouse.recentParts')}</div>
            {recent.map((kept) => (
              <button key={kept.id} type="button" className="m-recent-part" onClick={() => choose(kept)}>
                <strong>{kept.productNo}</strong> {kept.productName}
              </button>
            ))}
          </div>
        )}
        {part && (
          <div className="m-part-found" aria-label={t('mobile.warehouse.partFound')}>
            <strong>{part.productNo}</strong> {part.productName}
            {part.spec ? ` · ${part.spec}` : ''}
          </div>
        )}
      </Field>
      {part && <PartStock productId={part.id} />}
      <Scanner
        visible={scanning}
        onClose={() => setScanning(false)}
        onResult={(scanned) => {
          setScanning(false);
          setCode(scanned);
          void lookUp(scanned);
        }}
      />
    </>
  );
}

/** The parts `owner` looked up last, read when `wanted` (offline: what the form offers instead of a lookup). */
function useRecentParts(owner: string, wanted: boolean): Part[] {
  const [parts, setParts] = useState<Part[]>([]);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void recentParts(owner)
      .catch(() => [])
      .then((found) => {
        if (current) setParts(found);
      });
    return () => {
      current = false;
    };
  }, [owner, wanted]);
  return parts;
}

/** The part's stock per company, warehouse and batch (online only: a stale figure would mislead). */
function PartStock({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const query = useQuery({ queryKey: movementKeys.stock(productId), queryFn: () => fetchStock(productId) });
  const rows = query.data?.records ?? [];
  let body;
  if (!online && !query.data) body = t('mobile.warehouse.stockNeedsNetwork');
  else if (query.isPending) body = t('mobile.warehouse.partLooking');
  else if (query.isError) body = t('mobile.module.loadFailed');
  else if (rows.length === 0) body = t('mobile.warehouse.noStock');
  return (
    <div className="m-stock" role="region" aria-label={t('mobile.warehouse.stock')}>
      <div className="m-stock-title">{t('mobile.warehouse.stock')}</div>
      {body ? (
        <div className="m-field-hint">{body}</div>
      ) : (
        rows.map((row) => (
          <div key={row.id} className="m-stock-row">
            <span>
              {row.warehouseName}
              {row.batchNo ? ` · ${row.batchNo}` : ''}
              {row.location ? ` · ${row.location}` : ''}
            </span>
            <span>
              {t('mobile.warehouse.available', { qty: Number(row.availableQty), total: Number(row.qty) })}
              {row.unitName ? ` ${row.unitName}` : ''}
            </span>
          </div>
        ))
      )}
    </div>
  );
}
