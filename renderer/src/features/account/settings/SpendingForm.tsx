// The Settings forms for money: the most one job may spend (empty: no limit),
// and the price per address of the user's plan, per product, used for
// estimates until the service's own price is learned from a first charge.
// Amounts are typed in US dollars and saved in micros; a slip is refused in
// the form, with the reason, before anything is saved.
import { useState, type FormEvent } from 'react';
import type { JobProduct, SettingsView } from '../../../../../electron/ipc/contract';
import type { useUpdateSettings } from '../../../api/hooks';
import { usdInputText } from '../../../money-input';
import { productWords } from '../../jobs/job-words';
import { FieldError } from '../../../components/FieldError';
import { readSpendLimit, readUnitPrice } from './setting-rules';
import { SavedNote, SettingForm, type FieldAria } from './SettingForm';
import { useSettingEdit } from './use-setting-edit';
import { useT } from '../../../i18n/words';

type Update = ReturnType<typeof useUpdateSettings>;

const shown = (micros: number | null | undefined) =>
  micros === null || micros === undefined ? '' : usdInputText(micros);

/** An amount in USD typed as text (read exactly by readAmount), with its dollar sign. */
function MoneyInput(props: {
  aria: FieldAria;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <span className="input-money">
      <span aria-hidden="true">$</span>
      <input
        {...props.aria}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </span>
  );
}

export function SpendLimitForm({
  current,
  update,
  inputId,
}: {
  current: SettingsView | undefined;
  update: Update;
  inputId: string;
}) {
  const t = useT();
  const field = useSettingEdit(update, {
    read: (text) => readSpendLimit(text, t),
    change: (micros) => ({ maxSpendMicros: micros }),
  });

  return (
    <SettingForm
      title={t('settings.spend.title')}
      label={t('settings.spend.label')}
      inputId={inputId}
      error={field.error}
      saved={field.saved}
      savedTestId="limit-saved"
      canSave={field.canSave}
      onSubmit={field.submit}
      hint={t('settings.spend.hint')}
      field={(aria) => (
        <MoneyInput
          aria={aria}
          placeholder={t('settings.spend.none')}
          value={field.text ?? shown(current?.maxSpendMicros)}
          onChange={field.edit}
        />
      )}
    />
  );
}

export function PlanPricesForm({
  current,
  update,
  inputIds,
}: {
  current: SettingsView | undefined;
  update: Update;
  inputIds: Record<JobProduct, string>;
}) {
  const t = useT();
  const [text, setText] = useState<Record<JobProduct, string> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<JobProduct, string>>>({});
  const [saved, setSaved] = useState(false);
  const values: Record<JobProduct, string> = text ?? {
    email: shown(current?.enteredPrices.email),
    avatar: shown(current?.enteredPrices.avatar),
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (text === null) return;
    const email = readUnitPrice(text.email, t);
    const avatar = readUnitPrice(text.avatar, t);
    const next: Partial<Record<JobProduct, string>> = {};
    if (!email.ok) next.email = email.message;
    if (!avatar.ok) next.avatar = avatar.message;
    setErrors(next);
    if (!email.ok || !avatar.ok) return;
    update.mutate(
      { enteredPrices: { email: email.value, avatar: avatar.value } },
      {
        onSuccess: () => {
          setText(null);
          setSaved(true);
        },
      },
    );
  };

  const field = (product: JobProduct) => {
    const id = inputIds[product];
    const error = errors[product];
    return (
      <div className="field price-field" key={product}>
        <label htmlFor={id}>{productWords(product, t)}</label>
        <MoneyInput
          aria={{
            id,
            'aria-invalid': error === undefined ? undefined : true,
            'aria-describedby': `${error ? `${id}-error ` : ''}${inputIds.email}-prices-hint`,
          }}
          placeholder={t('settings.price.none')}
          value={values[product]}
          onChange={(value) => {
            setText({ ...values, [product]: value });
            setErrors((prev) => ({ ...prev, [product]: undefined }));
            setSaved(false);
          }}
        />
        {error && <FieldError id={`${id}-error`} message={error} />}
      </div>
    );
  };

  return (
    <form
      className="dialog-section"
      onSubmit={save}
      noValidate
      aria-labelledby={`${inputIds.email}-prices-title`}
    >
      <h3 id={`${inputIds.email}-prices-title`}>{t('settings.price.title')}</h3>
      <div className="price-fields">
        {field('email')}
        {field('avatar')}
        <button
          type="submit"
          className="button secondary"
          disabled={text === null || update.isPending}
        >
          {t('settings.save')}
        </button>
      </div>
      <p className="hint" id={`${inputIds.email}-prices-hint`}>
        {t('settings.price.hint')} <SavedNote saved={saved} testId="prices-saved" />
      </p>
    </form>
  );
}
