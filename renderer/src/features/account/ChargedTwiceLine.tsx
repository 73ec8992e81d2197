// The Account screen's line under the balance: what this month's jobs may
// have been charged twice (a check whose answer was lost, on the way or in
// flight at a kill, is checked again), summed by the history's own rule
// (jobs/list/history.ts), shown only when the month has any.
import { useJobs } from '../../api/job-hooks';
import { formatNumber, formatUsd } from '../../format';
import { useT } from '../../i18n/words';
import { thisMonth } from '../jobs/list/history';
import { useNow } from '../jobs/use-now';

export function ChargedTwiceLine() {
  const t = useT();
  const jobs = useJobs();
  // The month is read when the screen opens; it need not tick.
  const now = useNow(false);
  const twice = jobs.data ? thisMonth(jobs.data, now)?.twice : undefined;
  if (!twice || twice.addresses === 0) return null;
  const n = { n: twice.addresses, count: formatNumber(twice.addresses) };
  return (
    <div className="charged-twice" data-testid="account-charged-twice">
      <p>
        {twice.unpriced
          ? t('account.twice.lineUnpriced', n)
          : t('account.twice.line', { ...n, amount: formatUsd(twice.upToMicros) })}
      </p>
      <p className="hint">{t('account.twice.hint')}</p>
    </div>
  );
}
