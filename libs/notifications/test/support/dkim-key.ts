import { generateKeyPairSync } from 'node:crypto';

/** A DKIM key made for the test run, as the notifier's config takes it, and its DNS record. */
export const DKIM = (() => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicDer = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    config: { domain: 'prairie.example', selector: 'mail2026', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
    /** The TXT record an operator publishes at mail2026._domainkey.prairie.example. */
    record: `v=DKIM1; k=rsa; p=${publicDer}`,
  };
})();

/** A DNS resolver that knows one name: the test key's record (what a receiving server would look up). */
export async function dkimResolver(name: string, type: string): Promise<string[][]> {
  if (type === 'TXT' && name === 'mail2026._domainkey.prairie.example') return [[DKIM.record]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
}
