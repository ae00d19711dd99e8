import { useEffect, useRef, useState } from 'react';
import { Button, DatePicker, Dialog, Input, List, TextArea, Toast, type InputRef } from 'antd-mobile';
import { DownOutline, UpOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiFailure } from '../../../client/http.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { INVENTORYLOG_HANDLE } from '../../../shared/entities/warehouse/inventory-log.ts';
import { Field } from '../../components/Field.tsx';
import { TAB_PATHS } from '../../paths.ts';
import { enqueue, newClientKey, queuedMovement, removeQueued, type QueuedMovement } from './movement-queue.ts';
import { loadMovementDefaults, saveMovementDefaults } from './movement-defaults.ts';
import {
  checkMovement,
  movementBody,
  needsUnitCost,
  type MovementErrors,
  type MovementValues,
} from './movement-rules.ts';
import { movementKeys, useQueueOwner } from './movement-sync.ts';
import { PartField, type ScannedCode } from './PartField.tsx';
import { QuickChoiceField } from './QuickChoice.tsx';
import { useBizChoices, useCompanyChoices } from './choices.ts';
import {
  handleMovements,
  isRefusal,
  labelOf,
  movementLabel,
  submitMovement,
  useCan,
  type Movement,
} from './warehouse-api.ts';
import { useWedgeScanner } from './wedge-scanner.ts';

const today = () => formatDateTime().slice(0, 10);
/** The result of a movement stays on screen; its toast is short, the next one is being entered. */
const TOAST_MS = 1000;

const blank = (): MovementValues => ({
  bizType: '',
  bizDate: today(),
  orgId: '',
  warehouse: '',
  location: '',
  batchNo: '',
  qty: '',
  unitCost: '',
  partnerName: '',
  sourceNo: '',
  remark: '',
});

/** What one movement has of its own: the next one starts without them (type, company, warehouse and date stay). */
const OWN_FIELDS = {
  part: undefined,
  qty: '',
  unitCost: '',
  location: '',
  batchNo: '',
  partnerName: '',
  sourceNo: '',
  remark: '',
} satisfies Partial<MovementValues>;

/** The fields under 更多: opened by itself when one of them has a problem. */
const FOLDED: (keyof MovementValues)[] = ['bizDate', 'location', 'batchNo', 'partnerName', 'sourceNo', 'remark'];

/** What the line under the buttons says of the movement entered last. */
interface LastMovement {
  logNo: string;
  summary: string;
  state: 'posted' | 'saved' | 'queued';
}

/** The form as it was when the queued movement was kept. */
function valuesOf({ body, part }: QueuedMovement): MovementValues {
  const { productId, clientKey: _key, unitCost, ...typed } = body;
  return {
    ...typed,
    unitCost: unitCost ?? '',
    part: { id: productId, productNo: part.productNo, productName: part.productName, unitName: part.unitName },
  };
}

/** A new movement, or (`/form/<clientKey>`) one waiting in the queue: loaded before the form shows. */
export function MovementForm() {
  const { clientKey } = useParams();
  const location = useLocation();
  // A code scanned on the list or a movement's page opened this form: it is looked up at once.
  const scanned = (location.state as { scanned?: unknown } | null)?.scanned;
  const [queued, setQueued] = useState<QueuedMovement | null>();
  useEffect(() => {
    if (!clientKey) return;
    void queuedMovement(clientKey)
      .catch(() => undefined)
      .then((entry) => setQueued(entry ?? null));
  }, [clientKey]);
  if (clientKey && queued === undefined) return null;
  return (
    <MovementFormOf
      key={clientKey ?? 'new'}
      queued={queued ?? undefined}
      firstScan={typeof scanned === 'string' ? scanned : undefined}
    />
  );
}

/**
 * A new movement's form outside the phone's pages (the desktop console's quick form, in a drawer): `firstScan` is
 * looked up at once, `onStored` runs after each movement the server stored (the screen behind refreshes).
 */
export function NewMovementForm({ firstScan, onStored }: { firstScan?: string; onStored?: () => void }) {
  return <MovementFormOf firstScan={firstScan} onStored={onStored} />;
}

/**
 * The form of one movement, built for a keeper entering many in a row: the part first (typed, scanned by the camera
 * or by a keyboard-wedge scanner), the quantity, then one tap per choice; type, company and warehouse start from the
 * ones this user entered last. Checked here as the server checks it; sent at once when online, else (or when the
 * request gets no answer) kept in the queue with its client key, which it keeps until stored. A holder of the posting
 * right saves and posts in one step (the button's label is the confirmation). A new movement's form then empties for
 * the next one, its defaults kept; an edited queued one goes back to the list.
 */
function MovementFormOf({
  queued,
  firstScan,
  onStored,
}: {
  queued?: QueuedMovement;
  firstScan?: string;
  onStored?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const owner = useQueueOwner();
  const mayPost = useCan(INVENTORYLOG_HANDLE);
  const types = useBizChoices('inventory_biz_type');
  const warehouses = useBizChoices('warehouse');
  const companies = useCompanyChoices();
  const [clientKey, setClientKey] = useState(() => queued?.clientKey ?? newClientKey());
  const [values, setValues] = useState<MovementValues>(() =>
    queued ? valuesOf(queued) : { ...blank(), ...loadMovementDefaults(owner) },
  );
  const [errors, setErrors] = useState<MovementErrors>({});
  const [refusal, setRefusal] = useState(queued?.refusal);
  const [pickingDate, setPickingDate] = useState(false);
  const [more, setMore] = useState(false);
  const [sending, setSending] = useState(false);
  const [last, setLast] = useState<LastMovement>();
  const [scanned, setScanned] = useState<ScannedCode | undefined>(() =>
    firstScan ? { code: firstScan, seq: 1 } : undefined,
  );
  const qtyInput = useRef<InputRef>(null);
  useWedgeScanner((code) => setScanned((current) => ({ code, seq: (current?.seq ?? 0) + 1 })));

  // One company: it is the one (most users work for one).
  const onlyCompany = companies.length === 1 ? companies[0]!.value : '';
  useEffect(() => {
    if (onlyCompany)
      setValues((current) => (current.orgId === onlyCompany ? current : { ...current, orgId: onlyCompany }));
  }, [onlyCompany]);

  const set = (changes: Partial<MovementValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(changes).map((k) => [k, undefined])) }));
  };
  const backToList = () => navigate(TAB_PATHS.inventoryLogs, { replace: true });
  const summaryOf = (checked: MovementValues) =>
    `${labelOf(types, checked.bizType)} ${checked.part?.productNo ?? ''} ×${checked.qty.trim()}`;

  /** Done with this movement: a queued one's edit goes back to the list, a new one's form starts the next. */
  const finish = (entered: LastMovement) => {
    saveMovementDefaults(owner, { bizType: values.bizType, warehouse: values.warehouse, orgId: values.orgId });
    if (queued) {
      backToList();
      return;
    }
    setLast(entered);
    setValues((current) => ({ ...current, ...OWN_FIELDS }));
    setErrors({});
    setScanned(undefined);
    // A new key remounts the part field, empty and focused.
    setClientKey(newClientKey());
  };

  const keep = async (posting: boolean) => {
    const part = values.part!;
    try {
      await enqueue({
        clientKey,
        owner,
        body: movementBody(values, clientKey),
        part: { productNo: part.productNo, productName: part.productName, unitName: part.unitName ?? part.unit ?? '' },
      });
    } catch {
      // No IndexedDB here (some private modes): the movement can only be sent online.
      Toast.show({ icon: 'fail', content: t('common.needNetwork') });
      return;
    }
    Toast.show({ content: t(posting ? 'mobile.warehouse.keptNotPosted' : 'mobile.warehouse.keptForSync') });
    finish({ logNo: t('mobile.warehouse.notNumbered'), summary: summaryOf(values), state: 'queued' });
  };

  /** Posts the movement just stored; false when the server refused (its interceptor says why) or did not answer. */
  const post = async (stored: Movement) => {
    try {
      await handleMovements([stored.id]);
      return true;
    } catch (error) {
      if (!(error instanceof ApiFailure)) Toast.show({ icon: 'fail', content: t('common.networkError') });
      return false;
    }
  };

  const save = async (posting: boolean) => {
    if (sending) return;
    const found = checkMovement(values, today());
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      if (FOLDED.some((name) => found[name])) setMore(true);
      return;
    }
    setRefusal(undefined);
    if (!navigator.onLine) {
      await keep(posting);
      return;
    }
    setSending(true);
    let stored: Movement;
    try {
      stored = await submitMovement(movementBody(values, clientKey));
    } catch (error) {
      setSending(false);
      if (isRefusal(error)) setRefusal(error.message);
      else await keep(posting);
      return;
    }
    if (queued) await removeQueued(clientKey);
    const posted = posting && (await post(stored));
    setSending(false);
    if (!posting || posted)
      Toast.show({
        icon: 'success',
        content: t(posted ? 'mobile.warehouse.posted' : 'mobile.warehouse.saved'),
        duration: TOAST_MS,
      });
    void queryClient.invalidateQueries({ queryKey: movementKeys.all });
    onStored?.();
    finish({ logNo: stored.logNo, summary: summaryOf(values), state: posted ? 'posted' : 'saved' });
  };

  const remove = async () => {
    const confirmed = await Dialog.confirm({
      content: t('mobile.warehouse.deleteQueuedConfirm'),
      confirmText: t('mobile.warehouse.deleteQueued'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await removeQueued(clientKey);
    backToList();
  };

  const text = (name: 'location' | 'batchNo' | 'partnerName' | 'sourceNo', max: number) => (
    <Field label={movementLabel(name)} error={errors[name]}>
      <Input
        value={values[name]}
        onChange={(value) => set({ [name]: value })}
        aria-label={movementLabel(name)}
        maxLength={max}
        clearable
      />
    </Field>
  );
  const number = (name: 'qty' | 'unitCost') => (
    <Field label={movementLabel(name)} error={errors[name]}>
      <Input
        ref={name === 'qty' ? qtyInput : undefined}
        value={values[name]}
        onChange={(value) => set({ [name]: value })}
        aria-label={movementLabel(name)}
        inputMode="decimal"
        enterKeyHint="done"
        clearable
      />
    </Field>
  );

  return (
    <form
      className="m-form-page m-movement-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(mayPost);
      }}
    >
      {refusal && (
        <div className="m-refusal" role="alert">
          {t('mobile.warehouse.refusedBy', { message: refusal })}
        </div>
      )}
      <List mode="card" className="m-form">
        <PartField
          key={clientKey}
          part={values.part}
          error={errors.part}
          scanned={scanned}
          onChange={(part) => {
            set({ part });
            // Found: the quantity is next.
            if (part) qtyInput.current?.focus();
          }}
        />
        {number('qty')}
        {needsUnitCost(values.bizType) && number('unitCost')}
        <QuickChoiceField
          label={movementLabel('bizType')}
          choices={types}
          value={values.bizType}
          error={errors.bizType}
          segmented
          onChange={(bizType) => set({ bizType })}
        />
        <QuickChoiceField
          label={movementLabel('warehouse')}
          choices={warehouses}
          value={values.warehouse}
          error={errors.warehouse}
          onChange={(warehouse) => set({ warehouse })}
        />
        <QuickChoiceField
          label={movementLabel('orgId')}
          choices={companies}
          value={values.orgId}
          error={errors.orgId}
          onChange={(orgId) => set({ orgId })}
        />
        <List.Item className="m-more-row">
          <button type="button" className="m-more-toggle" aria-expanded={more} onClick={() => setMore((open) => !open)}>
            {t('mobile.warehouse.more')} {more ? <UpOutline /> : <DownOutline />}
          </button>
        </List.Item>
        {more && (
          <>
            <Field label={movementLabel('bizDate')} error={errors.bizDate}>
              <button
                type="button"
                className="m-picker-button"
                aria-label={movementLabel('bizDate')}
                onClick={() => setPickingDate(true)}
              >
                <span className="m-picker-value">{values.bizDate}</span>
              </button>
            </Field>
            {text('location', 32)}
            {text('batchNo', 32)}
            {text('partnerName', 128)}
            {text('sourceNo', 64)}
            <Field label={movementLabel('remark')}>
              <TextArea
                value={values.remark}
                onChange={(remark) => set({ remark })}
                aria-label={movementLabel('remark')}
                maxLength={255}
                autoSize={{ minRows: 2, maxRows: 4 }}
              />
            </Field>
          </>
        )}
      </List>
      {last && (
        <div className="m-last-movement" role="status">
          {t('mobile.warehouse.lastMovement', {
            logNo: last.logNo,
            summary: last.summary,
            state: t(`mobile.warehouse.${last.state === 'saved' ? 'pending' : last.state}`),
          })}
        </div>
      )}
      <div className="m-form-footer">
        {/* The main action sends the form: Enter in the quantity does it too. */}
        <Button block type="submit" color="primary" size="large" loading={sending}>
          {t(mayPost ? 'mobile.warehouse.submitAndPost' : 'mobile.warehouse.submit')}
        </Button>
        {mayPost && (
          <Button block color="primary" fill="outline" size="large" disabled={sending} onClick={() => void save(false)}>
            {t('mobile.warehouse.submit')}
          </Button>
        )}
        {queued && (
          <Button block color="danger" fill="outline" size="large" onClick={() => void remove()}>
            {t('mobile.warehouse.deleteQueued')}
          </Button>
        )}
      </div>
      <DatePicker
        visible={pickingDate}
        precision="day"
        max={dayjs(today()).toDate()}
        title={movementLabel('bizDate')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        value={dayjs(values.bizDate || today()).toDate()}
        onClose={() => setPickingDate(false)}
        onConfirm={(value) => set({ bizDate: dayjs(value).format('YYYY-MM-DD') })}
      />
    </form>
  );
}
