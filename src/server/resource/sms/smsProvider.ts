/**
 * How an SMS leaves the server: one provider per configuration category
 * (the sms dictionary). This deployment has one, the log provider
 * (logProvider.ts); a gateway for another category is added by implementing
 * SmsProvider and listing it in smsProviders.ts.
 */
import type { Queryable } from '../../db/pool.js';
import type { UsualLogEntry } from '../../logging/usualLog.js';

/** The configuration a message is sent with (its secret is read only by a provider that needs it). */
export interface SmsConfiguration {
  id: string;
  smsCode: string;
  category: number;
  templateId: string | null;
  signName: string | null;
}

export interface SmsMessage {
  configuration: SmsConfiguration;
  phones: string[];
  params: Record<string, string>;
  /** Who sends it, from where: the base of any log entry the provider writes. */
  origin: UsualLogEntry;
}

export interface SmsProvider {
  /** Sends (or records) the message in the caller's transaction; throws an ApiError with the reason when it cannot. */
  send(tx: Queryable, message: SmsMessage): Promise<void>;
}
