// Lists v3 (ILS lists): POST /crm/v3/lists/search to find lists (offset
// paging, `hasMore`, `hs_list_size` among the default additional
// properties), GET /crm/v3/lists/{listId}, and GET
// /crm/v3/lists/{listId}/memberships (records "sorted by the recordId ... in
// ascending order", `after` paging, limit at most 250).
//  - https://developers.hubspot.com/docs/guides/api/crm/lists/overview
//  - github.com/HubSpot/hubspot-api-nodejs codegen/crm/lists/apis/MembershipsApi.ts,
//    models ListSearchRequest, ListSearchResponse, ApiCollectionResponseJoinTimeAndRecordId
import { z } from 'zod';
import { intParam, parseJsonBody } from '../common/body';
import type { FakeReply } from '../common/server';
import type { HsList } from './data';
import { notFound, validation } from './errors';

const MAX_MEMBERSHIPS = 250;
const MAX_SEARCH = 500;

function listView(l: HsList, additional: string[] = []) {
  const props: Record<string, string> = {
    hs_list_size: String(l.members.length),
    hs_last_record_added_at: l.updatedAt,
    hs_folder_name: '',
    hs_list_reference_count: '0',
  };
  const additionalProperties: Record<string, string> = {};
  for (const [k, v] of Object.entries(props)) additionalProperties[k] = v;
  for (const k of additional) if (k in props) additionalProperties[k] = props[k] ?? '';
  return {
    listId: l.listId,
    name: l.name,
    processingType: l.processingType,
    processingStatus: 'COMPLETE',
    objectTypeId: l.objectTypeId,
    listVersion: 1,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    additionalProperties,
  };
}

const searchBody = z.object({
  query: z.string().optional(),
  count: z.number().int().min(1).max(MAX_SEARCH).optional(),
  offset: z.number().int().min(0).optional(),
  listIds: z.array(z.string()).optional(),
  processingTypes: z.array(z.enum(['MANUAL', 'SNAPSHOT', 'DYNAMIC'])).optional(),
  additionalProperties: z.array(z.string()).optional(),
});

export function searchLists(lists: HsList[], body: Buffer): FakeReply {
  const parsed = parseJsonBody(searchBody, body);
  if (!parsed.ok) return validation(`Invalid input JSON: ${parsed.reason}`);
  const {
    query,
    count = 20,
    offset = 0,
    listIds,
    processingTypes,
    additionalProperties,
  } = parsed.value;
  const found = lists.filter(
    (l) =>
      (query === undefined || l.name.toLowerCase().includes(query.toLowerCase())) &&
      (listIds === undefined || listIds.length === 0 || listIds.includes(l.listId)) &&
      (processingTypes === undefined ||
        processingTypes.length === 0 ||
        processingTypes.includes(l.processingType)),
  );
  const page = found.slice(offset, offset + count);
  return {
    status: 200,
    json: {
      offset: offset + page.length,
      hasMore: offset + page.length < found.length,
      lists: page.map((l) => listView(l, additionalProperties)),
      total: found.length,
    },
  };
}

export function getList(lists: Map<string, HsList>, id: string): FakeReply {
  const l = lists.get(id);
  return l === undefined
    ? notFound(`List does not exist with ID ${id}.`)
    : { status: 200, json: { list: listView(l) } };
}

/** The `after` token: opaque to clients (base64 of the next position here, as HubSpot's tokens are base64). */
const token = (i: number) => Buffer.from(`pos:${i}`).toString('base64url');
function position(raw: string): number | null {
  const m = /^pos:(\d+)$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
}

export function memberships(
  lists: Map<string, HsList>,
  id: string,
  query: URLSearchParams,
): FakeReply {
  const l = lists.get(id);
  if (l === undefined) return notFound(`List does not exist with ID ${id}.`);
  const limit = intParam(query, 'limit', 100);
  if (Number.isNaN(limit) || limit < 1 || limit > MAX_MEMBERSHIPS) {
    return validation(`limit must be a whole number from 1 to ${MAX_MEMBERSHIPS}`);
  }
  const after = query.get('after');
  const start = after === null ? 0 : position(after);
  if (start === null) return validation(`Invalid after token: ${after}`);
  const page = l.members.slice(start, start + limit);
  const end = start + page.length;
  return {
    status: 200,
    json: {
      results: page.map((recordId) => ({
        recordId,
        membershipTimestamp: l.joinedAt.get(recordId),
      })),
      ...(end < l.members.length ? { paging: { next: { after: token(end) } } } : {}),
      total: l.members.length,
    },
  };
}
