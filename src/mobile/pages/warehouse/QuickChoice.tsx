import { useEffect, useRef, useState } from 'react';
import { CheckList, SearchBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field.tsx';
import { labelOf, type Choice, type ChoiceProps } from './warehouse-api.ts';

/** Up to this many choices show side by side (one tap); more open a searchable list. */
const SEGMENTED_MAX = 4;

/** The choices as a row of one-tap segments (scrolling sideways when they do not fit), the chosen one in view. */
export function SegmentedChoice({ label, choices, value, onChange }: ChoiceProps) {
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    row.current?.querySelector('[aria-checked=true]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value, choices.length]);
  return (
    <div className="m-segmented" role="radiogroup" aria-label={label} ref={row}>
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          role="radio"
          aria-checked={choice.value === value}
          className={choice.value === value ? 'm-segment m-segment-active' : 'm-segment'}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The choice on a button; a tap opens the whole list over the page, with a search above it, and a tap on an item
 * takes it. No animation: the keeper does this all day.
 */
function SearchableChoice({ label, choices, value, onChange }: ChoiceProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const wanted = search.trim().toLowerCase();
  const shown = wanted
    ? choices.filter((choice) => `${choice.label} ${choice.value}`.toLowerCase().includes(wanted))
    : choices;
  const close = () => {
    setOpen(false);
    setSearch('');
  };
  return (
    <>
      <button type="button" className="m-picker-button" aria-label={label} onClick={() => setOpen(true)}>
        {value ? (
          <span className="m-picker-value">{labelOf(choices, value)}</span>
        ) : (
          <span className="m-picker-placeholder">{t('mobile.warehouse.choose')}</span>
        )}
      </button>
      {open && (
        <div className="m-choice-mask" onClick={close}>
          <div className="m-choice-sheet" role="dialog" aria-label={label} onClick={(event) => event.stopPropagation()}>
            <div className="m-sheet-title">{label}</div>
            <SearchBar
              value={search}
              onChange={setSearch}
              placeholder={t('mobile.warehouse.search')}
              aria-label={t('mobile.warehouse.search')}
            />
            <CheckList
              className="m-choice-list"
              value={value ? [value] : []}
              onChange={(picked) => {
                const chosen = picked[0];
                if (chosen !== undefined) onChange(String(chosen));
                close();
              }}
            >
              {shown.map((choice) => (
                <CheckList.Item key={choice.value} value={choice.value}>
                  {choice.label}
                </CheckList.Item>
              ))}
            </CheckList>
          </div>
        </div>
      )}
    </>
  );
}

/** A form field of a short list: segments when few, a searchable list when many (never a wheel). */
export function QuickChoiceField({
  label,
  choices,
  value,
  error,
  onChange,
  segmented = choices.length <= SEGMENTED_MAX,
}: {
  label: string;
  choices: Choice[];
  value: string;
  error?: string;
  onChange: (value: string) => void;
  /** Segments whatever their number (the movement types: one tap, scrolled sideways). */
  segmented?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      {segmented ? (
        <SegmentedChoice label={label} choices={choices} value={value} onChange={onChange} />
      ) : (
        <SearchableChoice label={label} choices={choices} value={value} onChange={onChange} />
      )}
    </Field>
  );
}
