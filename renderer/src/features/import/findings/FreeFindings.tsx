// What the free checks found among the addresses to check, shown beside the
// free clean-up before anything is paid: disposable domains, role mailboxes,
// likely typos (with the address probably meant: the user's own is never
// changed), domains with no mail server and free webmail. Only what was found
// is listed; when this computer could not look up mail servers, one note
// (DnsUnavailableNote) says what that means for the bill.
// Which of them are paid for is the "Don't pay for" choice (DontPayFor.tsx).
import type { ImportView } from '../../../../../electron/ipc/contract';
import { formatNumber, plural } from '../../../format';
import './findings.css';

type Findings = NonNullable<ImportView['findings']>;

interface Line {
  key: string;
  count: number;
  text: string;
}

function lines(f: Findings): Line[] {
  const all: Line[] = [
    {
      key: 'disposable',
      count: f.disposable,
      text: 'at disposable domains (not worth paying for)',
    },
    {
      key: 'role',
      count: f.role,
      text: `${f.role === 1 ? 'role address' : 'role addresses'} (info@, sales@…)`,
    },
    { key: 'typo', count: f.typo, text: f.typo === 1 ? 'possible typo' : 'possible typos' },
    { key: 'no-mail', count: f.noMail, text: 'at domains with no mail server' },
    { key: 'free', count: f.free, text: 'at free webmail (gmail.com, yahoo.com…)' },
  ];
  return all.filter((line) => line.count > 0);
}

function Suggestions({ findings }: { findings: Findings }) {
  const { suggestions, typo } = findings;
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
          <span className="visually-hidden"> may be meant as </span>
          <span className="finding-address is-meant">{s.suggestion}</span>
        </li>
      ))}
      {more > 0 && <li className="hint">and {plural(more, 'more', 'more')}</li>}
    </ul>
  );
}

/** The free checks' lines for the review; nothing when nothing was found. */
export function FreeFindings({ findings }: { findings: ImportView['findings'] }) {
  if (!findings) return null;
  const found = lines(findings);
  if (found.length === 0) return null;
  return (
    <div className="findings" data-testid="review-findings">
      <h3 className="card-label">Found for free</h3>
      {
        <ul className="finding-lines">
          {found.map((line) => (
            <li
              key={line.key}
              className={`finding is-${line.key}`}
              data-testid={`findings-${line.key}`}
            >
              <span className="finding-count">{formatNumber(line.count)}</span> {line.text}
              {line.key === 'typo' && <Suggestions findings={findings} />}
            </li>
          ))}
        </ul>
      }
      <p className="hint">
        Your addresses are never changed: a suggestion is only shown, and can be added to the
        export.
      </p>
    </div>
  );
}

/**
 * When this computer could not look up mail servers, no domain is known to
 * be without mail: said once, as what it means for the bill.
 */
export function DnsUnavailableNote({ findings }: { findings: ImportView['findings'] }) {
  if (findings?.dns !== 'unavailable') return null;
  return (
    <p className="hint finding-note" data-testid="findings-dns-unavailable">
      Domains without mail could not be looked up from this computer, so none is left out for free:
      every address is checked and paid for as usual.
    </p>
  );
}
