// What to check: Email, or Email + avatar. After a sample the product is the
// sample's: the sample's answers count toward the job, so the rest must be
// checked the same way, and the choice says so.
import type { JobProduct } from '../../../../../electron/ipc/contract';
import { useUiStore } from '../../../state/ui-store';
import { PRODUCT_WORDS } from '../../jobs/job-words';

export function ProductChoice({ disabled }: { disabled: boolean }) {
  const product = useUiStore((s) => s.product);
  const setProduct = useUiStore((s) => s.setProduct);
  const sampled = useUiStore((s) => s.review?.sample?.product ?? null);
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
        <span className="choice-title">{PRODUCT_WORDS[value]}</span>
        <span className="hint">{text}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="product-choice">
      <legend id="product-title" className="card-label">
        What to check
      </legend>
      {option('email', 'Whether each address can receive mail, and its provider.')}
      {option(
        'avatar',
        'Also whether it has a profile picture. Avatars cover three mailbox providers only: addresses elsewhere are not sent, unless you check them with Email.',
      )}
      {sampled && (
        <p className="hint product-fixed" id="product-fixed" data-testid="product-fixed">
          Fixed to {PRODUCT_WORDS[sampled]}: the sample was checked that way, and its answers count
          toward this list.
        </p>
      )}
    </fieldset>
  );
}
