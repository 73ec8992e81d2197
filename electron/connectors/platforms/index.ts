// Every platform List Cleaner connects to, by id. A new platform is one file
// in this folder and one line here.
import type { PlatformId } from '../../common/platforms';
import type { Connector } from '../types';
import { hubspot } from './hubspot';
import { mailchimp } from './mailchimp';

export const CONNECTORS: Partial<Record<PlatformId, Connector>> = { mailchimp, hubspot };
