// An imported list as kept in a job's folder (list.json), checked on read.
import { z } from 'zod';
import { ruleSchema } from '../../rules/types';

const count = z.number().int().min(0);

const candidate = z.object({
  index: z.number().int().min(0),
  name: z.string(),
  confidence: z.number(),
  addressShare: z.number(),
  headerMatch: z.boolean(),
});

export const importedListSchema = z.object({
  sourcePath: z.string(),
  sourceBytes: z.number().int().min(0),
  encoding: z.enum(['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'windows-1252']),
  delimiter: z.enum([',', ';', '\t', '|']),
  newline: z.enum(['\r\n', '\n', '\r']),
  hasHeader: z.boolean(),
  columns: z.array(z.string()),
  column: candidate,
  candidates: z.array(candidate),
  counts: z.object({
    rows: z.number().int().min(0),
    unique: z.number().int().min(0),
    invalid: z.number().int().min(0),
    empty: z.number().int().min(0),
    duplicates: z.number().int().min(0),
    ragged: z.number().int().min(0),
  }),
  preview: z.array(z.array(z.string())),
  addressesPath: z.string(),
  rowIndexPath: z.string(),
  spans: z.object({ path: z.string(), dataStart: count }).optional(),
  // Lists kept before the free checks have none: they load as they were.
  findings: z
    .object({
      role: count,
      disposable: count,
      free: count,
      typo: count,
      noMail: count,
      domains: count,
      domainsUnknown: count,
      dns: z.enum(['checked', 'unavailable']),
      suggestions: z.array(z.object({ index: count, address: z.string(), suggestion: z.string() })),
      findingsPath: z.string(),
      suggestionsPath: z.string(),
    })
    .optional(),
  withheld: z.object({ withheldPath: z.string(), rules: z.array(ruleSchema) }).optional(),
  // Lists read from a workbook: its copy, and which sheet the rows came from.
  workbook: z
    .object({
      path: z.string(),
      bytes: count,
      sheet: count,
      sheets: z.array(
        z.object({
          index: count,
          name: z.string(),
          hidden: z.boolean(),
          rows: count,
          hasAddresses: z.boolean(),
        }),
      ),
      skippedRows: count,
    })
    .optional(),
});
