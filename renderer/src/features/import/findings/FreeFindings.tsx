// What the free checks found among the addresses to check, shown beside the
// free clean-up before anything is paid: disposable domains, role mailboxes,
// likely typos (with the address probably meant: the user's own is never
// changed), domains with no mail server and free webmail. Only what was found
// is listed; when this computer could not look up mail servers, one note
// (DnsUnavailableNote) says what that means for the bill.
// Which of them are paid for is the "Don't pay for" choice (DontPayFor.tsx).
import type { ImportView } from '../../../../../electron/ipc/contract';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import { formatNumber } from '../../../format';
import { useRich, useT } from '../../../i18n/words';
import './findings.css';

type Findings = NonNullable<ImportView['findings']>;

interface Line {
  key: string;
  count: number;
  /** Its words, the count in a <num> tag: "<num>3</num> possible typos". */
  id: MessageId;
}

function lines(f: Findings): Line[] {
  const all: Line[] = [
    { key: 'disposable', count: f.disposable, id: 'findings.found.disposable' },
    { key: 'role', count: f.role, id: 'findings.found.role' },
    { key: 'typo', count: f.typo, id: 'findings.found.typo' },
    { key: 'no-mail', count: f.noMail, id: 'findings.found.noMail' },
    { key: 'free', count: f.free, id: 'findings.found.free' },
  ];
  return all.filter((line) => line.count > 0);
}

function Suggestions({ findings }: { findings: Findings }) {
  const { suggestions, typo } = findings;
  const t = useT();
  if (suggestions.length === 0) return null;
  const more = typo - suggestions.length;
  return (
    <ul className="finding-suggestions" data-testid="findings-suggestions">
      {suggestions.map((s, i) => (
        <li key={i}>
          <span className="finding-address">{s.address}</span>
          <span className="finding-arrow" aria-hidden="true">
            →
          </span>
          <span className="visually-hidden"> {t('findings.suggestion.meant')} </span>
          <span className="finding-address is-meant">{s.suggestion}</span>
        </li>
      ))}
      {more > 0 && (
        <li className="hint">
          {t('findings.suggestion.more', { n: more, count: formatNumber(more) })}
        </li>
      )}
    </ul>
  );
}

/** The free checks' lines for the review; nothing when nothing was found. */
export function FreeFindings({ findings }: { findings: ImportView['findings'] }) {
  const t = useT();
  const rich = useRich();
  if (!findings) return null;
  const found = lines(findings);
  if (found.length === 0) return null;
  return (
    <div className="findings" data-testid="review-findings">
      <h3 className="card-label">{t('findings.title')}</h3>
      {
        <ul className="finding-lines">
          {found.map((line) => (
            <li
              key={line.key}
              className={`finding is-${line.key}`}
              data-testid={`findings-${line.key}`}
            >
              {rich(line.id, {
                n: line.count,
                count: formatNumber(line.count),
                num: (chunks) => <span className="finding-count">{chunks}</span>,
              })}
              {line.key === 'typo' && <Suggestions findings={findings} />}
            </li>
          ))}
        </ul>
      }
      <p className="hint">{t('findings.unchanged')}</p>
    </div>
  );
}

/**
 * When this computer could not look up mail servers, no domain is known to
 * be without mail: said once, as what it means for the bill.
 */
export function DnsUnavailableNote({ findings }: { findings: ImportView['findings'] }) {
  const t = useT();
  if (findings?.dns !== 'unavailable') return null;
  return (
    <p className="hint finding-note" data-testid="findings-dns-unavailable">
      {t('findings.dnsUnavailable')}
    </p>
  );
}
