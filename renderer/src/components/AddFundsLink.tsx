// "Add funds": the service's billing page, saved in Settings (one place), for
// wherever the balance is low. A plain link: it opens only when the user
// clicks it, in the user's browser, through main's window-open handler, which
// opens nothing but the help links and this saved https page
// (electron/shell/window/window.ts). The demo account has no billing page, and a
// page that is not https is never offered, so then no link is shown at all.
import { isBillingUrl } from '../../../electron/common/urls/billing-url';
import { useAccount, useSettings } from '../api/hooks';
import { useT } from '../i18n/words';

interface Props {
  /** The link's class: "button primary small" beside a notice's text, by default a text link. */
  className?: string;
  /** The words, when "Add funds" is not the right ones in a place. */
  children?: string;
}

export function AddFundsLink({ className, children }: Props) {
  const account = useAccount();
  const settings = useSettings();
  const t = useT();
  const url = settings.data?.billingUrl ?? null;
  if (account.data?.mode !== 'key' || url === null || !isBillingUrl(url)) return null;

  return (
    <a
      className={className ?? 'text-link'}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="add-funds"
    >
      {children ?? t('common.addFunds')}
      <span className="visually-hidden"> {t('common.opensInBrowser')}</span>
    </a>
  );
}
