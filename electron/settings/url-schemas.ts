// The schemas of the two addresses a user may give the app: the service's and
// its billing page's, each judged by its rule (common/urls/service-url.ts,
// common/urls/billing-url.ts). The settings file is read with them, and the
// window's changes are checked with them as they cross (ipc/settings/schemas.ts),
// so both refuse the same addresses in the same words.
import { z } from 'zod';
import { billingUrlProblem } from '../common/urls/billing-url';
import { english } from '../common/i18n/message';
import { serviceUrlProblem } from '../common/urls/service-url';

export const baseUrlSchema = z
  .string()
  .trim()
  .max(2048, english.t('error.ipc.input.addressTooLong'))
  .superRefine((value, ctx) => {
    const problem = serviceUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The service's billing page, opened in the user's browser: https only (common/urls/billing-url.ts). */
export const billingUrlSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = billingUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
