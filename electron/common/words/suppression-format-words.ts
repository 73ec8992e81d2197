// The name of a suppression export as the reader sees it. The core recognises
// a file as one of the platforms' exports and its views carry that export's
// English label ("Mailchimp cleaned members", suppression/platforms.ts), the
// same in a saved bounce report; the window and the command line say it in
// their language from here, the platform's name as it is.
import { english, type Translate } from '../i18n/message';
import type { MessageId } from '../i18n/translate';

/** Every export's name; each English is exactly its format's `label`. */
const FORMAT_NAMES = [
  'suppressionFormat.mailchimpCleaned',
  'suppressionFormat.mailchimpUnsubscribed',
  'suppressionFormat.postmarkBounces',
  'suppressionFormat.postmarkSuppressions',
  'suppressionFormat.sesSuppressionList',
  'suppressionFormat.mailgunBounces',
  'suppressionFormat.mailgunUnsubscribes',
  'suppressionFormat.mailgunComplaints',
  'suppressionFormat.sendgridSpamReports',
  'suppressionFormat.sendgridBlocks',
  'suppressionFormat.sendgridBounces',
  'suppressionFormat.sendgridInvalidEmails',
  'suppressionFormat.sendgridUnsubscribes',
  'suppressionFormat.manual',
] as const satisfies readonly MessageId[];

/**
 * A recognised export's label (a view's `label` or `format`) in the language
 * of `t`; a label it does not know (a newer version's) as it is.
 */
export function suppressionFormatName(t: Translate, label: string): string {
  const id = FORMAT_NAMES.find((name) => english.t(name) === label);
  return id === undefined ? label : t(id);
}
