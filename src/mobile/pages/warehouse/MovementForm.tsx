import { useEffect, useState } from 'react';
import { Button, DatePicker, Dialog, Input, List, Picker, TextArea, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { Field } from '../../components/Field.tsx';
import { TAB_PATHS } from '../../paths.ts';
import { enqueue, newClientKey, queuedMovement, removeQueued, type QueuedMovement } from './movement-queue.ts';
import {
  checkMovement,
  movementBody,
  needsUnitCost,
  type MovementErrors,
  type MovementValues,
} from './movement-rules.ts';
import { movementKeys, useQueueOwner } from './movement-sync.ts';
import { PartField } from './PartField.tsx';
import { useBizChoices, useCompanyChoices } from './choices.ts';
import { isRefusal, labelOf, submitMovement, type Choice } from './warehouse-api.ts';

const today = () => formatDateTime().slice(0, 10);

/** A dictionary or company field: its choice on a button, a wheel to change it. */
function ChoiceField({
  label,
  choices,
  value,
  error,
  onChange,
}: {
  label: string;
  choices: Choice[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Field label={label} error={error}>
      <button type="button" className="m-picker-button" aria-label={label} onClick={() => setOpen(true)}>
        {value ? (
          <span className="m-picker-value">{labelOf(choices, value)}</span>
        ) : (
          <span className="m-picker-placeholder">{t('mobile.warehouse.choose')}</span>
        )}
      </button>
      <Picker
        visible={open}
        title={label}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        columns={[choices]}
        value={[value || null]}
        onClose={() => setOpen(false)}
        onConfirm={([picked]) => picked && onChange(String(picked))}
      />
    </Field>
  );
}

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
  const [queued, setQueued] = useState<QueuedMovement | null>();
  useEffect(() => {
    if (!clientKey) return;
    void queuedMovement(clientKey)
      .catch(() => undefined)
      .then((entry) => setQueued(entry ?? null));
  }, [clientKey]);
  if (clientKey && queued === undefined) return null;
  return <MovementFormOf key={clientKey ?? 'new'} queued={queued ?? undefined} />;
}

/**
 * The form of one movement, one thumb high per row. Checked here as the server checks it; sent at once when online,
 * else (or when the request gets no answer) kept in the queue with its client key, which it keeps until stored.
 */
function MovementFormOf({ queued }: { queued?: QueuedMovement }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const owner = useQueueOwner();
  const types = useBizChoices('inventory_biz_type');
  const warehouses = useBizChoices('warehouse');
  const companies = useCompanyChoices();
  const [clientKey] = useState(() => queued?.clientKey ?? newClientKey());
  const [values, setValues] = useState<MovementValues>(() => (queued ? valuesOf(queued) : blank()));
  const [errors, setErrors] = useState<MovementErrors>({});
  const [refusal, setRefusal] = useState(queued?.refusal);
  const [pickingDate, setPickingDate] = useState(false);
  const [sending, setSending] = useState(false);

  // One company: it is the one (most users work for one).
  const onlyCompany = companies.length === 1 ? companies[0]!.value : '';
  useEffect(() => {
    if (onlyCompany) setValues((current) => (current.orgId ? current : { ...current, orgId: onlyCompany }));
  }, [onlyCompany]);

  const set = (changes: Partial<MovementValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(changes).map((k) => [k, undefined])) }));
  };
  const backToList = () => navigate(TAB_PATHS.inventoryLogs, { replace: true });

  const keep = async () => {
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
    Toast.show({ content: t('mobile.warehouse.keptForSync') });
    backToList();
  };

  const submit = async () => {
    const found = checkMovement(values, today());
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setRefusal(undefined);
    if (!navigator.onLine) {
      await keep();
      return;
    }
    setSending(true);
    try {
      await submitMovement(movementBody(values, clientKey));
    } catch (error) {
      setSending(false);
      if (isRefusal(error)) setRefusal(error.message);
      else await keep();
      return;
    }
    if (queued) await removeQueued(clientKey);
    Toast.show({ icon: 'success', content: t('mobile.warehouse.saved') });
    await queryClient.invalidateQueries({ queryKey: movementKeys.all });
    backToList();
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
    <Field label={t(`mobile.warehouse.${name}`)} error={errors[name]}>
      <Input
        value={values[name]}
        onChange={(value) => set({ [name]: value })}
        aria-label={t(`mobile.warehouse.${name}`)}
        maxLength={max}
        clearable
      />
    </Field>
  );
  const number = (name: 'qty' | 'unitCost') => (
    <Field label={t(`mobile.warehouse.${name}`)} error={errors[name]}>
      <Input
        value={values[name]}
        onChange={(value) => set({ [name]: value })}
        aria-label={t(`mobile.warehouse.${name}`)}
        inputMode="decimal"
        clearable
      />
    </Field>
  );

  return (
    <form
      className="m-form-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {refusal && (
        <div className="m-refusal" role="alert">
          {t('mobile.warehouse.refusedBy', { message: refusal })}
        </div>
      )}
      <List mode="card" className="m-form">
        <ChoiceField
          label={t('mobile.warehouse.type')}
          choices={types}
          value={values.bizType}
          error={errors.bizType}
          onChange={(bizType) => set({ bizType })}
        />
        <PartField part={values.part} error={errors.part} onChange={(part) => set({ part })} />
        {number('qty')}
        {needsUnitCost(values.bizType) && number('unitCost')}
        <ChoiceField
          label={t('mobile.warehouse.company')}
          choices={companies}
          value={values.orgId}
          error={errors.orgId}
          onChange={(orgId) => set({ orgId })}
        />
        <ChoiceField
          label={t('mobile.warehouse.warehouse')}
          choices={warehouses}
          value={values.warehouse}
          error={errors.warehouse}
          onChange={(warehouse) => set({ warehouse })}
        />
        {text('location', 32)}
        {text('batchNo', 32)}
        <Field label={t('mobile.warehouse.bizDate')} error={errors.bizDate}>
          <button
            type="button"
            className="m-picker-button"
            aria-label={t('mobile.warehouse.bizDate')}
            onClick={() => setPickingDate(true)}
          >
            <span className="m-picker-value">{values.bizDate}</span>
          </button>
        </Field>
        {text('partnerName', 128)}
        {text('sourceNo', 64)}
        <Field label={t('mobile.warehouse.remark')}>
          <TextArea
            value={values.remark}
            onChange={(remark) => set({ remark })}
            aria-label={t('mobile.warehouse.remark')}
            maxLength={255}
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Field>
      </List>
      <div className="m-section m-form-buttons">
        <Button block type="submit" color="primary" size="large" loading={sending}>
          {t('mobile.warehouse.submit')}
        </Button>
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
        title={t('mobile.warehouse.bizDate')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        value={dayjs(values.bizDate || today()).toDate()}
        onClose={() => setPickingDate(false)}
        onConfirm={(value) => set({ bizDate: dayjs(value).format('YYYY-MM-DD') })}
      />
    </form>
  );
}
