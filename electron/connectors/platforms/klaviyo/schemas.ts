// What the Klaviyo connector reads, as zod schemas: only the members it uses,
// each other member let through, so a new field in a later revision changes
// nothing. Shapes from github.com/klaviyo/openapi openapi/stable.json
// (revision 2026-07-15).
import { z } from 'zod';

/** Every JSON:API collection: `links.next` is the whole URL of the next page, absent after the last. */
const collectionLinks = z.object({ next: z.string().nullish() }).nullish();

export const errorBody = z.object({
  errors: z.array(
    z.object({
      code: z.string().nullish(),
      title: z.string().nullish(),
      detail: z.string().nullish(),
    }),
  ),
});

export const accountsAnswer = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        attributes: z.object({
          contact_information: z
            .object({
              organization_name: z.string().nullish(),
              default_sender_name: z.string().nullish(),
            })
            .nullish(),
        }),
      }),
    )
    .min(1),
});

export const listsAnswer = z.object({
  data: z.array(
    z.object({
      type: z.literal('list'),
      id: z.string(),
      attributes: z.object({ name: z.string().nullish() }),
    }),
  ),
  links: collectionLinks,
});

export const listAnswer = z.object({
  data: z.object({
    id: z.string(),
    attributes: z.object({ profile_count: z.number().int().nonnegative().nullish() }),
  }),
});

const profile = z.object({
  type: z.literal('profile'),
  id: z.string(),
  attributes: z.object({
    email: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    properties: z.record(z.string(), z.unknown()).nullish(),
    subscriptions: z
      .object({
        email: z
          .object({ marketing: z.object({ consent: z.string().nullish() }).nullish() })
          .nullish(),
      })
      .nullish(),
  }),
});
export type KlaviyoProfile = z.infer<typeof profile>;

export const profilesAnswer = z.object({ data: z.array(profile), links: collectionLinks });

export const importJobAnswer = z.object({
  data: z.object({
    type: z.literal('profile-bulk-import-job'),
    id: z.string(),
    attributes: z.object({
      status: z.enum(['queued', 'processing', 'complete', 'cancelled']),
      total_count: z.number().int(),
      completed_count: z.number().int().nullish(),
      failed_count: z.number().int().nullish(),
    }),
  }),
});
export type ImportJob = z.infer<typeof importJobAnswer>['data'];

export const importErrorsAnswer = z.object({
  data: z.array(
    z.object({
      type: z.literal('import-error'),
      attributes: z.object({
        code: z.string().nullish(),
        title: z.string().nullish(),
        detail: z.string().nullish(),
        source: z.object({ pointer: z.string().nullish() }).nullish(),
        original_payload: z
          .object({
            id: z.string().nullish(),
            attributes: z.object({ email: z.string().nullish() }).nullish(),
          })
          .nullish(),
      }),
    }),
  ),
  links: collectionLinks,
});
export type ImportErrors = z.infer<typeof importErrorsAnswer>['data'];

/** The `page[cursor]` of a `links.next` URL: the next read sends it back as it came. */
export function cursorOf(next: string | null | undefined): string | null {
  if (!next) return null;
  try {
    return new URL(next).searchParams.get('page[cursor]');
  } catch {
    return null;
  }
}
