// The platforms' export formats, one entry each (formats.ts recognises a file
// by them; the sources read and what was assumed are listed at its top).
import type { FormatSpec, SuppressionReason } from './types';

const has = (names: ReadonlySet<string>, ...wanted: string[]) => wanted.every((n) => names.has(n));
const joined = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join(': ');

/** Postmark's bounce types: which are permanent, which say the person asked not to be sent to. */
function postmarkBounceReason(type: string): SuppressionReason {
  switch (type.toLowerCase()) {
    case 'hardbounce':
    case 'bademailaddress':
      return 'hard_bounce';
    case 'transient':
    case 'softbounce':
    case 'dnserror':
    case 'blocked':
    case 'dmarcpolicy':
      return 'soft_bounce';
    case 'spamcomplaint':
    case 'spamnotification':
      return 'complaint';
    case 'unsubscribe':
      return 'unsubscribe';
    case 'manuallydeactivated':
      return 'manual';
    default:
      return 'other';
  }
}

function postmarkSuppressionReason(reason: string): SuppressionReason {
  switch (reason.toLowerCase()) {
    case 'hardbounce':
      return 'hard_bounce';
    case 'spamcomplaint':
      return 'complaint';
    case 'manualsuppression':
      return 'manual';
    default:
      return 'other';
  }
}

/** An SMTP status (4.x.x temporary, 5.x.x permanent) as a bounce. */
const bounceOfStatus = (status: string): SuppressionReason =>
  status.trim().startsWith('4') ? 'soft_bounce' : 'hard_bounce';

/**
 * The formats, most particular first: the first that matches a header wins,
 * so a format whose columns are a subset of another's comes after it.
 */
export const FORMATS: readonly FormatSpec[] = [
  {
    id: 'mailchimp-cleaned',
    label: 'Mailchimp cleaned members',
    matches: (n) => has(n, 'emailaddress') && (n.has('cleantime') || n.has('cleancampaigntitle')),
    reads: ['emailaddress', 'cleantime', 'cleancampaigntitle'],
    entry: (c) => ({
      address: c['emailaddress'] ?? '',
      reason: 'hard_bounce',
      date: c['cleantime'] ?? '',
      detail: joined('cleaned', c['cleancampaigntitle'] ?? ''),
    }),
  },
  {
    id: 'mailchimp-unsubscribed',
    label: 'Mailchimp unsubscribed members',
    matches: (n) => has(n, 'emailaddress') && (n.has('unsubtime') || n.has('unsubreason')),
    reads: ['emailaddress', 'unsubtime', 'unsubreason', 'unsubreasonother', 'unsubcampaigntitle'],
    entry: (c) => ({
      address: c['emailaddress'] ?? '',
      reason: 'unsubscribe',
      date: c['unsubtime'] ?? '',
      detail: joined(c['unsubreason'] ?? '', c['unsubreasonother'] ?? '') || 'unsubscribed',
    }),
  },
  {
    id: 'postmark-bounces',
    label: 'Postmark bounces',
    matches: (n) => has(n, 'email', 'type', 'bouncedat'),
    reads: ['email', 'type', 'bouncedat', 'description', 'details'],
    entry: (c) => ({
      address: c['email'] ?? '',
      reason: postmarkBounceReason(c['type'] ?? ''),
      date: c['bouncedat'] ?? '',
      detail: joined(c['type'] ?? '', c['details'] || c['description'] || ''),
    }),
  },
  {
    id: 'postmark-suppressions',
    label: 'Postmark suppressions',
    matches: (n) => has(n, 'emailaddress', 'suppressionreason'),
    reads: ['emailaddress', 'suppressionreason', 'origin', 'createdat'],
    entry: (c) => ({
      address: c['emailaddress'] ?? '',
      reason: postmarkSuppressionReason(c['suppressionreason'] ?? ''),
      date: c['createdat'] ?? '',
      detail: joined(c['suppressionreason'] ?? '', c['origin'] ?? ''),
    }),
  },
  {
    id: 'ses-suppression-list',
    label: 'Amazon SES suppression list',
    matches: (n) => has(n, 'emailaddress', 'reason', 'lastupdatetime'),
    reads: ['emailaddress', 'reason', 'lastupdatetime'],
    entry: (c) => {
      const reason = (c['reason'] ?? '').trim().toUpperCase();
      return {
        address: c['emailaddress'] ?? '',
        reason:
          reason === 'BOUNCE' ? 'hard_bounce' : reason === 'COMPLAINT' ? 'complaint' : 'other',
        date: c['lastupdatetime'] ?? '',
        detail: reason,
      };
    },
  },
  {
    id: 'mailgun-bounces',
    label: 'Mailgun bounces',
    matches: (n) => has(n, 'address', 'code', 'error'),
    reads: ['address', 'code', 'error', 'createdat'],
    entry: (c) => ({
      address: c['address'] ?? '',
      reason: bounceOfStatus(c['code'] ?? ''),
      date: c['createdat'] ?? '',
      detail: joined(c['code'] ?? '', c['error'] ?? ''),
    }),
  },
  {
    id: 'mailgun-unsubscribes',
    label: 'Mailgun unsubscribes',
    matches: (n, file) =>
      has(n, 'address', 'createdat') && (n.has('tags') || n.has('tag') || /unsub/.test(file)),
    reads: ['address', 'createdat', 'tags', 'tag'],
    entry: (c) => ({
      address: c['address'] ?? '',
      reason: 'unsubscribe',
      date: c['createdat'] ?? '',
      detail: joined('unsubscribed', c['tags'] || c['tag'] || ''),
    }),
  },
  {
    id: 'mailgun-complaints',
    label: 'Mailgun complaints',
    matches: (n) => has(n, 'address', 'createdat'),
    reads: ['address', 'createdat'],
    entry: (c) => ({
      address: c['address'] ?? '',
      reason: 'complaint',
      date: c['createdat'] ?? '',
      detail: 'complaint',
    }),
  },
  {
    id: 'sendgrid-spam-reports',
    label: 'SendGrid spam reports',
    matches: (n) => has(n, 'email', 'created', 'ip'),
    reads: ['email', 'created', 'ip'],
    entry: (c) => ({
      address: c['email'] ?? '',
      reason: 'complaint',
      date: c['created'] ?? '',
      detail: 'spam report',
    }),
  },
  {
    id: 'sendgrid-blocks',
    label: 'SendGrid blocks',
    matches: (n, file) => has(n, 'email', 'created', 'reason', 'status') && /block/.test(file),
    reads: ['email', 'created', 'reason', 'status'],
    entry: (c) => ({
      address: c['email'] ?? '',
      reason: 'soft_bounce',
      date: c['created'] ?? '',
      detail: joined(c['status'] ?? '', c['reason'] ?? ''),
    }),
  },
  {
    id: 'sendgrid-bounces',
    label: 'SendGrid bounces',
    matches: (n) => has(n, 'email', 'created', 'reason', 'status'),
    reads: ['email', 'created', 'reason', 'status'],
    entry: (c) => ({
      address: c['email'] ?? '',
      reason: bounceOfStatus(c['status'] ?? ''),
      date: c['created'] ?? '',
      detail: joined(c['status'] ?? '', c['reason'] ?? ''),
    }),
  },
  {
    id: 'sendgrid-invalid-emails',
    label: 'SendGrid invalid emails',
    matches: (n) => has(n, 'email', 'created', 'reason'),
    reads: ['email', 'created', 'reason'],
    entry: (c) => ({
      address: c['email'] ?? '',
      reason: 'other',
      date: c['created'] ?? '',
      detail: joined('invalid email', c['reason'] ?? ''),
    }),
  },
  {
    id: 'sendgrid-unsubscribes',
    label: 'SendGrid unsubscribes',
    // Only these two columns: any other list with an "email" and a "created"
    // column (a CRM's contacts) is no unsubscribe list.
    matches: (n) => n.size === 2 && has(n, 'email', 'created'),
    reads: ['email', 'created'],
    entry: (c) => ({
      address: c['email'] ?? '',
      reason: 'unsubscribe',
      date: c['created'] ?? '',
      detail: 'unsubscribed',
    }),
  },
];
