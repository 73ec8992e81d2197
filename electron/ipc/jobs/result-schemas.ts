// The schemas of what a finished job's results show (common/views/result-views.ts).
import { z } from 'zod';
import {
  EXPORT_FORMATS,
  RISK_LEVELS,
  ROW_FLAGS,
  ROW_STATUSES,
  STATUS_GROUPS,
} from '../../common/model';
import { VERDICT_VENDORS } from '../../common/catalogs/vendors';
import { RULE_ACTIONS } from '../../common/views/rule-views';
import { SUPPRESSION_REASON_VIEWS } from '../../common/views/suppression-views';
import type {
  DomainsView,
  DomainStats,
  ExportView,
  ForecastView,
  JobRowView,
  JobSummaryView,
  OtherDomains,
  RowFilter,
  StatusExportView,
} from '../../common/views/views';
import { viewOf, count, text } from '../../lib/view-of';
import { jobViewSchema } from './job-schemas';

export const jobSummarySchema = viewOf<JobSummaryView>()(
  z.strictObject({
    job: jobViewSchema,
    statuses: z.record(z.enum(ROW_STATUSES), count),
    providers: z.record(text, count),
    columns: z.array(text),
    addressColumn: count,
    suggestions: count,
    exportFormat: z.enum(EXPORT_FORMATS),
  }),
);

/** Domains the window may name in a filter; more than this is not a filter anyone reads. */
export const MAX_FILTER_VALUES = 200;

export const rowFilterSchema = viewOf<RowFilter>()(
  z.strictObject({
    outcomes: z.array(z.enum(ROW_STATUSES)).max(ROW_STATUSES.length),
    providers: z.array(z.string().min(1).max(64)).max(MAX_FILTER_VALUES),
    domains: z.array(z.string().min(1).max(255)).max(MAX_FILTER_VALUES),
    findings: z.array(z.enum(ROW_FLAGS)).max(ROW_FLAGS.length),
    risks: z.array(z.enum(RISK_LEVELS)).max(RISK_LEVELS.length).optional(),
  }),
);

const bounceRangeSchema = z.strictObject({
  rows: count,
  low: z.number().min(0).max(100),
  high: z.number().min(0).max(100),
});

export const forecastViewSchema = viewOf<ForecastView>()(
  z.strictObject({
    kept: bounceRangeSchema,
    lowRisk: bounceRangeSchema,
    limit: z.number().min(0).max(100).nullable(),
    over: z.boolean(),
  }),
);

const domainCountsShape = {
  addresses: count,
  deliverable: count,
  undeliverable: count,
  unknown: count,
  skipped: count,
  findings: z.strictObject({
    role: count,
    free: count,
    disposable: count,
    typo: count,
    noMail: count,
  }),
};

const domainStatsSchema = viewOf<DomainStats>()(
  z.strictObject({ domain: text, ...domainCountsShape }),
);

const otherDomainsSchema = viewOf<OtherDomains>()(
  z.strictObject({ ...domainCountsShape, domains: count }),
);

export const domainsViewSchema = viewOf<DomainsView>()(
  z.strictObject({
    top: z.array(domainStatsSchema),
    other: otherDomainsSchema.nullable(),
    domains: count,
  }),
);

export const jobRowSchema = viewOf<JobRowView>()(
  z.strictObject({
    row: z.number().int().min(1),
    address: text.nullable(),
    status: z.enum([...ROW_STATUSES, 'pending']),
    provider: text.nullable(),
    avatar: z.boolean().nullable(),
    avatarUrl: text.nullable(),
    reused: z
      .strictObject({
        checkedAt: z.number().int().min(0),
        source: z.enum(VERDICT_VENDORS).nullable(),
      })
      .optional(),
    why: z
      .union([
        z.strictObject({ reason: z.enum(SUPPRESSION_REASON_VIEWS) }),
        z.strictObject({ rule: z.strictObject({ action: z.enum(RULE_ACTIONS), value: text }) }),
      ])
      .nullable(),
  }),
);

const exportFormat = z.enum(EXPORT_FORMATS);

export const exportViewSchema = viewOf<ExportView>()(
  z.strictObject({
    fileId: text,
    path: text,
    rowsWritten: count,
    rowsTotal: count,
    format: exportFormat,
    sheets: z.array(text),
  }),
);

export const statusExportViewSchema = viewOf<StatusExportView>()(
  z.strictObject({
    folderId: text,
    folder: text,
    format: exportFormat,
    files: z.array(
      z.strictObject({
        group: z.enum(STATUS_GROUPS),
        fileId: text,
        path: text,
        rows: count,
      }),
    ),
    empty: z.array(z.enum(STATUS_GROUPS)),
  }),
);
