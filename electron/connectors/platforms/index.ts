// Every platform List Cleaner connects to, by id. A new platform is one file
// in this folder and one line here.
import type { PlatformId } from '../../common/catalogs/platforms';
import type { Connector } from '../types';
import { brevo } from './brevo';
import { hubspot } from './hubspot';
import { klaviyo } from './klaviyo';
import { mailchimp } from './mailchimp';

export const CONNECTORS: Record<PlatformId, Connector> = { mailchimp, hubspot, klaviyo, brevo };
