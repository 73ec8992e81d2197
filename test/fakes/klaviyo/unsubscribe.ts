// Bulk unsubscribe, POST /api/profile-subscription-bulk-delete-jobs (the
// OpenAPI document, revision 2026-07-15, bulk_unsubscribe_profiles; named
// unsubscribe_profiles / "subscription bulk delete" in older revisions):
// up to 100 profiles a call, each by email (or phone) with the channels to
// revoke (`subscriptions.email.marketing.consent: "UNSUBSCRIBED"`), and
// optionally the list to remove them from. It answers 202 with no body and
// does the work later. Its words: "All profiles will be removed from the
// provided list"; "Profiles not in the specified list will be globally
// unsubscribed"; "If a profile cannot be found matching the given
// identifier(s), a new profile will be created and then unsubscribed".
// Unsubscribing never deletes a profile.
// Assumed: the work lands one step (`stepMs`) after the answer; a profile in
// the list gets a list suppression (reason USER_SUPPRESSED) and its email
// marketing consent becomes UNSUBSCRIBED as well; an unknown list is a 404.
import { z } from 'zod';
import { parseJsonBody } from '../common/body';
import type { FakeReply } from '../common/server';
import { addProfile, stamp, type Store } from './data';
import { invalid, notFound } from './errors';

export const MAX_UNSUBSCRIBE_PROFILES = 100;

const unsubscribeBody = z.object({
  data: z.object({
    type: z.literal('profile-subscription-bulk-delete-job'),
    attributes: z.object({
      profiles: z.object({
        data: z.array(
          z.object({
            type: z.literal('profile'),
            attributes: z.object({
              email: z.string().nullish(),
              phone_number: z.string().nullish(),
              subscriptions: z.object({
                email: z
                  .object({
                    marketing: z.object({ consent: z.literal('UNSUBSCRIBED') }).nullish(),
                  })
                  .nullish(),
              }),
            }),
          }),
        ),
      }),
    }),
    relationships: z
      .object({
        list: z.object({ data: z.object({ type: z.literal('list'), id: z.string() }) }).optional(),
      })
      .optional(),
  }),
});

export function bulkUnsubscribe(
  store: Store,
  body: Buffer,
  later: (fn: () => void) => void,
): FakeReply {
  const parsed = parseJsonBody(unsubscribeBody, body);
  if (!parsed.ok) {
    const at = parsed.issues[0]?.path.join('/') ?? '';
    return invalid(`Invalid input: ${parsed.reason}.`, { pointer: `/${at}` });
  }
  const d = parsed.value.data;
  const entries = d.attributes.profiles.data;
  if (entries.length === 0 || entries.length > MAX_UNSUBSCRIBE_PROFILES) {
    return invalid(`A call takes from 1 to ${MAX_UNSUBSCRIBE_PROFILES} profiles.`, {
      pointer: '/data/attributes/profiles/data',
    });
  }
  const nameless = entries.findIndex((e) => !e.attributes.email && !e.attributes.phone_number);
  if (nameless >= 0) {
    return invalid('Either email or phone number is required.', {
      pointer: `/data/attributes/profiles/data/${nameless}/attributes`,
    });
  }
  const listId = d.relationships?.list?.data.id;
  const list = listId === undefined ? undefined : store.lists.get(listId);
  if (listId !== undefined && list === undefined) {
    return notFound(`A list with id ${listId} does not exist.`);
  }
  later(() => {
    const now = stamp();
    for (const e of entries) {
      const email = e.attributes.email;
      if (!email || e.attributes.subscriptions.email?.marketing?.consent !== 'UNSUBSCRIBED')
        continue;
      const p =
        store.byEmail.get(email.toLowerCase()) ??
        addProfile(store, { email, consent: 'NEVER_SUBSCRIBED' });
      p.consent = 'UNSUBSCRIBED';
      p.consentTimestamp = now;
      p.updated = now;
      p.unsubscribedByCall = true;
      if (list === undefined) continue;
      const at = list.members.findIndex((m) => m.id === p.id);
      if (at >= 0) {
        list.members.splice(at, 1);
        list.updated = now;
        p.listSuppressions.push({ list_id: list.id, reason: 'USER_SUPPRESSED', timestamp: now });
      }
    }
  });
  return { status: 202 };
}
