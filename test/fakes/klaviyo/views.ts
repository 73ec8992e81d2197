// Resources as the API answers them: a profile (ListMemberResponseObjectResource
// and ProfileResponseObjectResource of the OpenAPI document, revision
// 2026-07-15), with `subscriptions` only when `additional-fields[profile]`
// asks for it, and a list (ListListResponseObjectResource) with
// `profile_count` only when `additional-fields[list]` asks for it.
import type { KlList, Profile } from './data';

function subscriptions(p: Profile) {
  return {
    email: {
      marketing: {
        can_receive_email_marketing: p.consent === 'SUBSCRIBED',
        consent: p.consent,
        consent_timestamp: p.consentTimestamp,
        last_updated: p.consentTimestamp,
        method: p.consent === 'NEVER_SUBSCRIBED' ? null : 'API',
        method_detail: '',
        custom_method_detail: null,
        double_optin: null,
        suppression: [],
        list_suppressions: p.listSuppressions,
      },
    },
    sms: null,
    mobile_push: null,
  };
}

export function wantsField(query: URLSearchParams, param: string, field: string): boolean {
  return (query.get(param) ?? '')
    .split(',')
    .map((s) => s.trim())
    .includes(field);
}

export function profileView(
  base: string,
  p: Profile,
  query: URLSearchParams,
  joinedGroupAt?: string,
) {
  return {
    type: 'profile',
    id: p.id,
    attributes: {
      email: p.email,
      phone_number: null,
      external_id: null,
      first_name: p.first_name,
      last_name: p.last_name,
      organization: null,
      locale: null,
      title: null,
      image: null,
      created: p.created,
      updated: p.updated,
      last_event_date: null,
      location: null,
      properties: p.properties,
      ...(joinedGroupAt === undefined ? {} : { joined_group_at: joinedGroupAt }),
      ...(wantsField(query, 'additional-fields[profile]', 'subscriptions')
        ? { subscriptions: subscriptions(p) }
        : {}),
    },
    links: { self: `${base}/api/profiles/${p.id}/` },
  };
}

export function listView(base: string, l: KlList, withCount: boolean) {
  return {
    type: 'list',
    id: l.id,
    attributes: {
      name: l.name,
      created: l.created,
      updated: l.updated,
      opt_in_process: l.optInProcess,
      ...(withCount ? { profile_count: l.members.length } : {}),
    },
    relationships: {
      profiles: { links: { self: `${base}/api/lists/${l.id}/relationships/profiles/` } },
      tags: { links: { self: `${base}/api/lists/${l.id}/relationships/tags/` } },
    },
    links: { self: `${base}/api/lists/${l.id}/` },
  };
}
