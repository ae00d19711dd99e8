import { useEffect, useRef } from 'react';
import { DatePicker, Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import { isDictionaryField } from '../../../shared/entities/dict-items.ts';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { refTargetOf } from '../../../shared/entities/define.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { MenuIcon } from '../MenuIcon.tsx';
import {
  useBusinessUnitOptions,
  useCompanyOptions,
  useDictionaryOptions,
  useMenuTree,
  useParentTree,
  type Option,
} from './crud-api.ts';
import { isMultiple, isPicker, type CrudField } from './fields.ts';
import { isReference, ReferencePicker } from '../ReferencePicker.tsx';
import { AttachmentsControl, type AttachmentItem } from '../upload/AttachmentsControl.tsx';

/** antd hands `value`/`onChange` (or `checked`) to the control through Form.Item. */
interface ControlProps {
  field: CrudField;
  lang: Lang;
  disabled?: boolean;
  value?: unknown;
  checked?: boolean;
  onChange?: (value: unknown) => void;
  onBlur?: () => void;
  id?: string;
  /** The record being edited: a parent picker does not offer it or its subtree. */
  recordId?: string;
}

/** 请输入/请选择<label>; nothing in view mode. */
const hint = (
  t: (key: string, options: { label: string }) => string,
  verb: 'input' | 'select',
  field: CrudField,
  lang: Lang,
  disabled?: boolean,
) => (disabled ? '' : t(`crud.${verb}`, { label: field.label[lang] }));

export const isWide = (field: CrudField) =>
  field.control === 'textarea' ||
  field.control === 'menu-tree' ||
  field.type === 'text' ||
  field.type === 'attachments';

/** `multiple`: the form's control of a `multiple` field (a search bar picks the one key a list must hold). */
export function DictSelect({ field, lang, multiple, ...rest }: ControlProps & { multiple?: boolean }) {
  const { t } = useTranslation();
  const options = useDictionaryOptions(field, lang);
  // A key the dictionary does not (yet) hold shows as nothing rather than a bare key (a menu's button function 0).
  const known = (value: unknown) => options.some((option) => option.value === value);
  const value = multiple
    ? (Array.isArray(rest.value) ? (rest.value as string[]) : []).filter(known)
    : known(rest.value)
      ? (rest.value as string | number)
      : undefined;
  return (
    <Select
      {...rest}
      value={value}
      mode={multiple ? 'multiple' : undefined}
      options={options}
      allowClear
      placeholder={hint(t, 'select', field, lang, rest.disabled)}
    />
  );
}

function MenuTree({ field, lang, ...rest }: ControlProps) {
  const { t } = useTranslation();
  const tree = useMenuTree(lang);
  const multiple = isMultiple(field);
  return (
    <TreeSelect
      {...rest}
      // Until the tree is there, its ids name no node: show nothing rather than bare ids.
      value={tree.data ? (rest.value as string | string[] | undefined) : undefined}
      treeData={tree.data ?? []}
      loading={tree.isPending}
      multiple={multiple}
      treeCheckable={multiple}
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      maxTagCount="responsive"
      treeDefaultExpandAll={false}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      placeholder={hint(t, 'select', field, lang, rest.disabled)}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}

/** The zones this browser knows (IANA names), UTC first; a stored zone it does not list stays selectable. */
function TimeZoneSelect({ field, lang, ...rest }: ControlProps) {
  const { t } = useTranslation();
  const zones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  if (typeof rest.value === 'string' && rest.value && !zones.includes(rest.value)) zones.push(rest.value);
  return (
    <Select
      {...rest}
      value={rest.value as string | undefined}
      options={zones.map((zone) => ({ value: zone, label: zone }))}
      showSearch
      placeholder={hint(t, 'select', field, lang, rest.disabled)}
    />
  );
}

/** One of the tenant's organisation units by name: a company or a business unit (domain/README.md §3.4). */
function UnitSelect({
  field,
  lang,
  units,
  ...rest
}: ControlProps & { units: { data?: Option[]; isPending: boolean } }) {
  const { t } = useTranslation();
  return (
    <Select
      {...rest}
      // Until the units are there, a code or an id names nothing: show nothing rather than a bare value.
      value={units.data ? (rest.value as string | undefined) || undefined : undefined}
      options={units.data ?? []}
      loading={units.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder={hint(t, 'select', field, lang, rest.disabled)}
    />
  );
}

/** A company code (`orgId`): the tenant's companies by name. */
export function CompanySelect(props: ControlProps) {
  return <UnitSelect {...props} units={useCompanyOptions()} />;
}

/** A business unit's department id (`businessUnit`): the tenant's business units by name. */
export function BusinessUnitSelect(props: ControlProps) {
  return <UnitSelect {...props} units={useBusinessUnitOptions()} />;
}

/** A tree entity's parent: one node of its picker tree, cleared = a root. */
function ParentTree({ field, lang, recordId, ...rest }: ControlProps) {
  const { t } = useTranslation();
  const tree = useParentTree(field.picker ?? '', lang, recordId);
  return (
    <TreeSelect
      {...rest}
      value={tree.data ? (rest.value as string | undefined) : undefined}
      treeData={tree.data ?? []}
      loading={tree.isPending}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      placeholder={hint(t, 'select', field, lang, rest.disabled)}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}

/**
 * A reference whose target follows another field of the form (`refBy`: a price's counterparty, a customer for a
 * selling price, else a supplier): that entity's picker, emptied when the other field turns it to another entity.
 */
function ChosenReference({ field, onChange, ...rest }: ControlProps) {
  const chosen: unknown = Form.useWatch(field.refBy!.field, Form.useFormInstance());
  const target = refTargetOf(field, chosen);
  const shown = useRef(target);
  useEffect(() => {
    if (shown.current === target) return;
    shown.current = target;
    onChange?.('');
  }, [target, onChange]);
  return <ReferencePicker key={target} {...rest} field={{ ...field, ref: target }} onChange={onChange} />;
}

/** The dialog's control for a field, from its type and control hint. */
export function FieldControl(props: ControlProps) {
  const { t } = useTranslation();
  const { recordId, ...base } = props;
  const { field, lang, checked, ...rest } = base;
  if (field.type === 'attachments')
    return <AttachmentsControl {...rest} value={rest.value as AttachmentItem[] | undefined} />;
  if (isDictionaryField(field)) return <DictSelect {...base} multiple={isMultiple(field)} />;
  if (field.picker) return <ParentTree {...base} recordId={recordId} />;
  if (field.control === 'menu-tree') return <MenuTree {...base} />;
  if (field.control === 'time-zone') return <TimeZoneSelect {...base} />;
  if (field.refBy && field.ref) return <ChosenReference {...base} />;
  if (field.businessUnit) return <BusinessUnitSelect {...base} />;
  if (isReference(field)) return <ReferencePicker {...base} />;
  if (field.company) return <CompanySelect {...base} />;
  if (field.type === 'switch')
    return <Switch id={rest.id} disabled={rest.disabled} checked={checked} onChange={rest.onChange} />;
  if (field.type === 'date' || field.type === 'datetime') {
    return (
      <DatePicker
        {...rest}
        value={rest.value as Dayjs | null | undefined}
        showTime={field.type === 'datetime'}
        style={{ width: '100%' }}
        placeholder={hint(t, 'select', field, lang, props.disabled)}
      />
    );
  }
  if (field.type === 'int' || field.type === 'money' || field.type === 'decimal') {
    return (
      <InputNumber
        {...rest}
        value={rest.value as number | undefined}
        precision={field.type === 'int' ? 0 : field.type === 'money' ? 2 : undefined}
        suffix={field.percent ? '%' : undefined}
        style={{ width: '100%' }}
        placeholder={hint(t, 'input', field, lang, props.disabled)}
      />
    );
  }
  const text = {
    ...rest,
    value: rest.value as string | undefined,
    maxLength: field.max,
    placeholder: hint(t, 'input', field, lang, props.disabled),
  };
  if (field.control === 'password') return <Input.Password {...text} autoComplete="new-password" />;
  if (field.control === 'icon')
    return <Input {...text} prefix={<MenuIcon source={text.value ?? ''} />} allowClear={!props.disabled} />;
  if (isWide(field))
    return (
      <Input.TextArea
        {...text}
        autoSize={{ minRows: 3, maxRows: 8 }}
        showCount={Boolean(field.max) && !props.disabled}
      />
    );
  return <Input {...text} allowClear={!props.disabled} />;
}

/** Pickers report changes as they happen; typed fields are checked on blur (spec §5). */
export const validateTriggerOf = (field: CrudField) => (isPicker(field) ? ['onChange', 'onBlur'] : ['onBlur']);
