// Bulk profile import jobs, from the OpenAPI document (revision 2026-07-15:
// bulk_import_profiles, get_bulk_import_profiles_job,
// get_errors_for_bulk_import_profiles_job) and the Bulk Import Profiles
// guide (developers.klaviyo.com/en/docs/use_klaviyos_bulk_profile_import_api):
//  - POST /api/profile-bulk-import-jobs takes up to 10,000 profiles
//    (ProfileUpsertQueryResourceObject: an optional `id`, and attributes
//    email, first_name, last_name, properties, ...), optionally a list to
//    add them to, and answers 202 with the job;
//  - the job's status is one of queued, processing, complete, cancelled,
//    with total_count, completed_count, failed_count, created_at,
//    started_at, completed_at, expires_at;
//  - the import is an upsert: a matching profile is updated, else one is
//    made; a field given as null is not cleared ("does not support setting
//    fields to null to clear them");
//  - each failed profile is an import-error (code, title, detail,
//    source.pointer, original_payload), read a page at a time (max 100).
// Assumed: how long each status lasts (one step each, `stepMs`), that
// completed_count counts only the profiles that succeeded, 1,000 profiles
// done a step, a job that expires 7 days after it was made, and these
// per-profile errors: a malformed email, no identifier, an `id` that names
// no profile, an email that already belongs to another profile.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { parseJsonBody } from '../common/body';
import type { FakeReply } from '../common/server';
import { addProfile, joinList, stamp, type Store } from './data';
import { invalid, JSON_API, notFound } from './errors';
import { isReply, links, pageOf } from './paging';

export const MAX_IMPORT_PROFILES = 10_000;
const PER_STEP = 1_000;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const profileInput = z.object({
  type: z.literal('profile'),
  id: z.string().nullish(),
  attributes: z.object({
    email: z.string().nullish(),
    phone_number: z.string().nullish(),
    external_id: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    properties: z.record(z.string(), z.unknown()).nullish(),
  }),
});
type ProfileInput = z.infer<typeof profileInput>;

const importBody = z.object({
  data: z.object({
    type: z.literal('profile-bulk-import-job'),
    attributes: z.object({ profiles: z.object({ data: z.array(profileInput) }) }),
    relationships: z
      .object({
        lists: z
          .object({ data: z.array(z.object({ type: z.literal('list'), id: z.string() })) })
          .optional(),
      })
      .optional(),
  }),
});

interface ImportError {
  id: string;
  code: string;
  title: string;
  detail: string;
  pointer: string;
  original: ProfileInput;
}

export interface ImportJob {
  id: string;
  status: 'queued' | 'processing' | 'complete' | 'cancelled';
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  expires_at: string;
  inputs: ProfileInput[];
  listIds: string[];
  done: number;
  completed: number;
  errors: ImportError[];
}

function jobView(base: string, j: ImportJob) {
  return {
    type: 'profile-bulk-import-job',
    id: j.id,
    attributes: {
      status: j.status,
      created_at: j.created_at,
      total_count: j.inputs.length,
      completed_count: j.completed,
      failed_count: j.errors.length,
      completed_at: j.completed_at,
      expires_at: j.expires_at,
      started_at: j.started_at,
    },
    relationships: {
      lists: { data: j.listIds.map((id) => ({ type: 'list', id })) },
      profiles: {
        links: { self: `${base}/api/profile-bulk-import-jobs/${j.id}/relationships/profiles/` },
      },
    },
    links: { self: `${base}/api/profile-bulk-import-jobs/${j.id}/` },
  };
}

/** Applies one profile of a job; the error it meets, or null. */
function apply(
  store: Store,
  input: ProfileInput,
  listIds: string[],
): Omit<ImportError, 'id' | 'pointer' | 'original'> | null {
  const a = input.attributes;
  const email = a.email ?? null;
  if (email !== null && !EMAIL.test(email)) {
    return { code: 'invalid', title: 'Invalid input.', detail: `Invalid email address: ${email}` };
  }
  if (!input.id && email === null && !a.phone_number && !a.external_id) {
    return {
      code: 'invalid',
      title: 'Invalid input.',
      detail: 'A profile needs an id, an email, a phone number or an external id.',
    };
  }
  let p = input.id
    ? store.byId.get(input.id)
    : email
      ? store.byEmail.get(email.toLowerCase())
      : undefined;
  if (input.id && p === undefined) {
    return {
      code: 'not_found',
      title: 'Not found.',
      detail: `A profile with id ${input.id} does not exist.`,
    };
  }
  if (p !== undefined && email !== null && email.toLowerCase() !== p.email.toLowerCase()) {
    const other = store.byEmail.get(email.toLowerCase());
    if (other !== undefined && other !== p) {
      return {
        code: 'duplicate_profile',
        title: 'Conflict.',
        detail: `A profile already exists with the email ${email}.`,
      };
    }
    store.byEmail.delete(p.email.toLowerCase());
    p.email = email;
    store.byEmail.set(email.toLowerCase(), p);
  }
  p ??= addProfile(store, { email: email ?? '', consent: 'NEVER_SUBSCRIBED' });
  if (a.first_name != null) p.first_name = a.first_name;
  if (a.last_name != null) p.last_name = a.last_name;
  const set = Object.entries(a.properties ?? {}).filter(([, v]) => v !== null && v !== undefined);
  for (const [k, v] of set) p.properties[k] = v;
  if (set.length > 0) p.propertyWrites.push(set.map(([k]) => k));
  p.updated = stamp();
  for (const listId of listIds) {
    const l = store.lists.get(listId);
    if (l !== undefined) joinList(l, p.id);
  }
  return null;
}

export function createImports(store: Store, stepMs: () => number) {
  const jobs = new Map<string, ImportJob>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, stepMs());
    timers.add(t);
  };

  function step(j: ImportJob): void {
    if (j.status === 'queued') {
      j.status = 'processing';
      j.started_at = stamp();
    }
    const end = Math.min(j.inputs.length, j.done + PER_STEP);
    for (; j.done < end; j.done++) {
      const input = j.inputs[j.done];
      if (input === undefined) continue;
      const error = apply(store, input, j.listIds);
      if (error === null) j.completed += 1;
      else {
        j.errors.push({
          id: randomUUID(),
          ...error,
          pointer: `/data/attributes/profiles/data/${j.done}`,
          original: input,
        });
      }
    }
    if (j.done >= j.inputs.length) {
      j.status = 'complete';
      j.completed_at = stamp();
    } else later(() => step(j));
  }

  return {
    jobs,
    create(body: Buffer): FakeReply {
      if (body.length > 5 * 1024 * 1024) {
        return invalid('The maximum allowed payload size is 5MB.', { pointer: '/data' });
      }
      const parsed = parseJsonBody(importBody, body);
      if (!parsed.ok) {
        const at = parsed.issues[0]?.path.join('/') ?? '';
        return invalid(`Invalid input: ${parsed.reason}.`, { pointer: `/${at}` });
      }
      const d = parsed.value.data;
      const inputs = d.attributes.profiles.data;
      if (inputs.length === 0 || inputs.length > MAX_IMPORT_PROFILES) {
        return invalid(`A job takes from 1 to ${MAX_IMPORT_PROFILES} profiles.`, {
          pointer: '/data/attributes/profiles/data',
        });
      }
      const listIds = (d.relationships?.lists?.data ?? []).map((l) => l.id);
      const missing = listIds.find((id) => !store.lists.has(id));
      if (missing !== undefined) return notFound(`A list with id ${missing} does not exist.`);
      const now = Date.now();
      const job: ImportJob = {
        id: randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase(),
        status: 'queued',
        created_at: stamp(now),
        started_at: null,
        completed_at: null,
        expires_at: stamp(now + 7 * 86_400_000),
        inputs,
        listIds,
        done: 0,
        completed: 0,
        errors: [],
      };
      jobs.set(job.id, job);
      later(() => step(job));
      return {
        status: 202,
        contentType: JSON_API,
        json: {
          data: jobView(store.baseUrl(), job),
          links: { self: `${store.baseUrl()}/api/profile-bulk-import-jobs/` },
        },
      };
    },
    get(id: string): FakeReply {
      const j = jobs.get(id);
      if (j === undefined) return notFound(`A job with id ${id} does not exist.`);
      const base = store.baseUrl();
      return {
        status: 200,
        contentType: JSON_API,
        json: {
          data: jobView(base, j),
          links: { self: `${base}/api/profile-bulk-import-jobs/${id}/` },
        },
      };
    },
    errors(id: string, query: URLSearchParams): FakeReply {
      const j = jobs.get(id);
      if (j === undefined) return notFound(`A job with id ${id} does not exist.`);
      const page = pageOf(query, 100, 20);
      if (isReply(page)) return page;
      const start = page.after ?? 0;
      const slice = j.errors.slice(start, start + page.size);
      const end = start + slice.length;
      const base = store.baseUrl();
      return {
        status: 200,
        contentType: JSON_API,
        json: {
          data: slice.map((e) => ({
            type: 'import-error',
            id: e.id,
            attributes: {
              code: e.code,
              title: e.title,
              detail: e.detail,
              source: { pointer: e.pointer },
              original_payload: e.original,
            },
          })),
          links: links(
            base,
            `/api/profile-bulk-import-jobs/${id}/import-errors/`,
            query,
            end < j.errors.length ? end : null,
          ),
        },
      };
    },
    later,
    dispose() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
