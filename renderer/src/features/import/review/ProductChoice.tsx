// What to check: Email, or Email + avatar. After a sample the product is the
// sample's: the sample's answers count toward the job, so the rest must be
// checked the same way, and the choice says so.
import type { JobProduct } from '../../../../../electron/ipc/contract';
import { useUiStore } from '../../../state/ui-store';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import { useT } from '../../../i18n/words';

/** The products' names, as the review and the sample say them. */
export const PRODUCT_IDS = {
  email: 'review.product.email',
  avatar: 'review.product.avatar',
} as const satisfies Record<JobProduct, MessageId>;

export function ProductChoice({ disabled }: { disabled: boolean }) {
  const product = useUiStore((s) => s.product);
  const setProduct = useUiStore((s) => s.setProduct);
  const sampled = useUiStore((s) => s.review?.sample?.product ?? null);
  const t = useT();
  const option = (value: JobProduct, text: string) => (
    <label
      className={`choice ${product === value ? 'is-checked' : ''} ${sampled ? 'is-fixed' : ''}`}
    >
      <input
        type="radio"
        name="product"
        value={value}
        checked={product === value}
        disabled={disabled || (sampled !== null && sampled !== value)}
        onChange={() => setProduct(value)}
        aria-describedby={sampled ? 'product-fixed' : undefined}
      />
      <span className="choice-text">
        <span className="choice-title">{t(PRODUCT_IDS[value])}</span>
        <span className="hint">{text}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="product-choice">
      <legend id="product-title" className="card-label">
        {t('review.product.title')}
      </legend>
      {option('email', t('review.product.emailHint'))}
      {option('avatar', t('review.product.avatarHint'))}
      {sampled && (
        <p className="hint product-fixed" id="product-fixed" data-testid="product-fixed">
          {t('review.product.fixed', { product: t(PRODUCT_IDS[sampled]) })}
        </p>
      )}
    </fieldset>
  );
}
