// Each platform's harness, for the tests every platform must pass.
import type { PlatformId } from '../../../../electron/common/catalogs/platforms';
import { startBrevoHarness } from './brevo';
import { startHubSpotHarness } from './hubspot';
import { startKlaviyoHarness } from './klaviyo';
import { startMailchimpHarness } from './mailchimp';
import type { StartHarness } from './types';

export const HARNESSES: [PlatformId, StartHarness][] = [
  ['mailchimp', startMailchimpHarness],
  ['hubspot', startHubSpotHarness],
  ['klaviyo', startKlaviyoHarness],
  ['brevo', startBrevoHarness],
];
