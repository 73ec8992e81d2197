// Mailchimp Marketing API 3.0 (https://mailchimp.com/developer/marketing/api/):
// the key's suffix names its data center (…-us21 → https://us21.api.mailchimp.com/3.0),
// sent by HTTP Basic with any user name. Audiences are read 1,000 members a
// page (the most a page holds); verdicts are tags, `list-cleaner: <status>`
// made active and every other List Cleaner tag inactive, so writing twice
// leaves the same tags. Writes go through POST /batches, whose results come
// back as a gzipped tar of JSON at a link that takes no key: that link is
// fetched without it.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  VERDICT_FIELDS,
  VERDICT_STATUSES,
  type MemberChoice,
} from '../../common/catalogs/platforms';
import { message, type Message } from '../../common/i18n/message';
import { abortableSleep } from '../../service/retry';
import { readBatchResults } from './mailchimp-results';
import type { PlatformHttp, PlatformResponse } from '../http';
import {
  refusalOf,
  type Connector,
  type MemberRef,
  type PlatformMember,
  type RetireMode,
  type Verdict,
  type WriteOutcome,
} from '../types';

const PAGE = 1000;
const TAG_PREFIX = VERDICT_FIELDS.tagPrefix;

export const subscriberHash = (email: string): string =>
  createHash('md5').update(email.toLowerCase()).digest('hex');

const problemSchema = z.object({ title: z.string().optional(), detail: z.string().optional() });

const listsSchema = z.object({
  lists: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      stats: z.object({ member_count: z.number().optional() }).partial().optional(),
    }),
  ),
  total_items: z.number(),
});

const memberSchema = z.object({
  id: z.string(),
  email_address: z.string(),
  status: z.string(),
  merge_fields: z.record(z.string(), z.unknown()).optional(),
  tags: z.array(z.object({ name: z.string() })).optional(),
});
const membersSchema = z.object({ members: z.array(memberSchema), total_items: z.number() });

const batchSchema = z.object({
  id: z.string(),
  status: z.string(),
  total_operations: z.number().optional(),
  errored_operations: z.number().optional(),
  response_body_url: z.string().optional(),
});

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function verdictOf(tags: readonly { name: string }[] | undefined) {
  const ours = (tags ?? []).filter((t) => t.name.startsWith(TAG_PREFIX));
  const last = ours.at(-1);
  // A tag holds no date: the member carries the status alone.
  return last ? { status: last.name.slice(TAG_PREFIX.length), checkedAt: '' } : null;
}

function memberOf(m: z.infer<typeof memberSchema>): PlatformMember {
  return {
    id: m.id,
    email: m.email_address,
    firstName: text(m.merge_fields?.FNAME),
    lastName: text(m.merge_fields?.LNAME),
    status: m.status,
    verdict: verdictOf(m.tags),
  };
}

/** The tags that say `status`: its own tag active, every other List Cleaner tag inactive. */
export function verdictTags(status: string): { name: string; status: 'active' | 'inactive' }[] {
  return VERDICT_STATUSES.map((s) => ({
    name: `${TAG_PREFIX}${s}`,
    status: s === status ? ('active' as const) : ('inactive' as const),
  }));
}

interface Operation {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  operation_id: string;
  body?: string;
}

/** The reason a batch result gives, in Mailchimp's own words. */
function reasonOf(response: string | undefined, status: number): string | Message {
  try {
    const parsed = problemSchema.safeParse(JSON.parse(response ?? ''));
    if (parsed.success && (parsed.data.detail || parsed.data.title)) {
      return parsed.data.detail ?? parsed.data.title ?? '';
    }
  } catch {
    // Not JSON: the status alone says it.
  }
  return message('error.connector.refusal.answered', {
    platform: 'Mailchimp',
    status: String(status),
  });
}

/** Sends the operations as one batch, waits for it to finish and answers each operation's result. */
/** Polls a batch until Mailchimp says it is finished (quickly at first, then every 5 s). */
async function finished(http: PlatformHttp, id: string) {
  let pause = 100;
  for (;;) {
    const batch = await http.json({ method: 'GET', path: `batches/${id}` }, batchSchema);
    if (batch.status === 'finished') return batch;
    await abortableSleep(pause, http.signal);
    pause = Math.min(Math.round(pause * 1.5), 5_000);
  }
}

async function runBatch(
  http: PlatformHttp,
  operations: Operation[],
  settled: (status: number) => boolean,
  submitted?: (job: string) => Promise<void>,
): Promise<WriteOutcome[]> {
  const started = await http.json(
    { method: 'POST', path: 'batches', body: { operations } },
    batchSchema,
  );
  await submitted?.(started.id);
  const batch = started.status === 'finished' ? started : await finished(http, started.id);
  const results = batch.response_body_url
    ? await readBatchResults(http, batch.response_body_url, operations.length)
    : [];
  const byId = new Map(results.map((r) => [r.operation_id ?? '', r]));
  return operations.map((op): WriteOutcome => {
    const r = byId.get(op.operation_id);
    if (r === undefined) {
      return refusalOf(op.operation_id, message('error.connector.refusal.mailchimpNoResult'));
    }
    if (r.status_code < 300 || settled(r.status_code))
      return { id: op.operation_id, result: 'written' };
    return refusalOf(op.operation_id, reasonOf(r.response, r.status_code));
  });
}

const memberPath = (listId: string, id: string) =>
  `/lists/${encodeURIComponent(listId)}/members/${id}`;

export const mailchimp: Connector = {
  id: 'mailchimp',
  name: 'Mailchimp',
  keyName: message('notice.connector.keyName.apiKey'),
  keyHelp: message('platform.keyHelp.mailchimp'),
  listWord: message('notice.connector.listWord.audience'),
  retireModes: ['unsubscribe', 'archive'],
  limits: { pageSize: PAGE, writeBatch: 5000, maxInFlight: 10 },

  defaultUrl(key) {
    const dc = /-([a-z]+\d+)$/.exec(key.trim())?.[1] ?? 'us1';
    return `https://${dc}.api.mailchimp.com/3.0`;
  },
  keyEnding: (key) =>
    key
      .trim()
      .replace(/-[a-z]+\d+$/, '')
      .slice(-4),
  headers: (key) => ({
    Authorization: `Basic ${Buffer.from(`list-cleaner:${key}`).toString('base64')}`,
  }),
  errorText(res: PlatformResponse) {
    const parsed = problemSchema.safeParse(res.json);
    return parsed.success ? (parsed.data.detail ?? parsed.data.title ?? null) : null;
  },

  async prove(http) {
    await http.json({ method: 'GET', path: 'ping' }, z.object({ health_status: z.string() }));
    const dc = /^https:\/\/([a-z]+\d+)\.api\.mailchimp\.com/.exec(http.baseUrl)?.[1];
    return { account: dc ? `Mailchimp (${dc})` : 'Mailchimp' };
  },

  async lists(http) {
    const all: z.infer<typeof listsSchema>['lists'] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await http.json(
        { method: 'GET', path: 'lists', query: { count: PAGE, offset } },
        listsSchema,
      );
      all.push(...page.lists);
      if (page.lists.length === 0 || all.length >= page.total_items) break;
    }
    return all.map((l) => ({
      id: l.id,
      name: l.name,
      size: l.stats?.member_count ?? null,
      kind: 'audience',
    }));
  },

  async members(http, listId, { cursor, choice }: { cursor: string | null; choice: MemberChoice }) {
    const offset = Number(cursor ?? '0');
    const page = await http.json(
      {
        method: 'GET',
        path: `lists/${encodeURIComponent(listId)}/members`,
        query: {
          count: PAGE,
          offset,
          status: choice === 'subscribed' ? 'subscribed' : undefined,
          fields:
            'members.id,members.email_address,members.status,members.merge_fields,members.tags,total_items',
        },
      },
      membersSchema,
    );
    const reached = offset + page.members.length;
    return {
      members: page.members.map(memberOf),
      next: page.members.length > 0 && reached < page.total_items ? String(reached) : null,
    };
  },

  // Tags are made by the first member they are set on.
  async prepare() {},

  async write(http, listId, verdicts: Verdict[], submitted) {
    const operations = verdicts.map((v): Operation => ({
      method: 'POST',
      path: `${memberPath(listId, subscriberHash(v.email))}/tags`,
      operation_id: v.id,
      body: JSON.stringify({ tags: verdictTags(v.status) }),
    }));
    return runBatch(http, operations, () => false, submitted);
  },

  async settle(http, job) {
    await finished(http, job);
  },

  async retire(http, listId, members: MemberRef[], mode: RetireMode) {
    const operations = members.map((m): Operation =>
      mode === 'archive'
        ? {
            method: 'DELETE',
            path: memberPath(listId, subscriberHash(m.email)),
            operation_id: m.id,
          }
        : {
            method: 'PATCH',
            path: memberPath(listId, subscriberHash(m.email)),
            operation_id: m.id,
            body: JSON.stringify({ status: 'unsubscribed' }),
          },
    );
    // Archiving a member already archived answers 404: it is where it was asked to be.
    return runBatch(http, operations, (status) => mode === 'archive' && status === 404);
  },

  async current(http, listId, members) {
    const found = await http.all(members, async (m) => {
      const res = await http.request({
        method: 'GET',
        path: memberPath(listId, subscriberHash(m.email)).slice(1),
        query: { fields: 'id,tags' },
        accept: [404],
      });
      const parsed = z.object({ tags: memberSchema.shape.tags }).safeParse(res.json);
      return [
        m.id,
        res.status === 404 || !parsed.success ? null : verdictOf(parsed.data.tags),
      ] as const;
    });
    return new Map(found);
  },
};
