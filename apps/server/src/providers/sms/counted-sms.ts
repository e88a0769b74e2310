import type { Metrics } from '../../plugins/infra/metrics.ts';
import type { SmsProvider } from './sms-provider.ts';

/** Any SMS provider, each message counted by purpose and outcome in `hiram_sms_total`. */
export function countedSms(provider: SmsProvider, metrics: Metrics): SmsProvider {
  return {
    name: provider.name,
    async send(to, text, options) {
      try {
        await provider.send(to, text, options);
      } catch (error) {
        metrics.sms.inc({ purpose: options.purpose, outcome: 'failed' });
        throw error;
      }
      metrics.sms.inc({ purpose: options.purpose, outcome: 'sent' });
    },
  };
}
