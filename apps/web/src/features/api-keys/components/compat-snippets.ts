import { formatApiKeyToken } from '@dak/domain/api-keys';

/** What fills the snippets: the server's address, a key's public ID, the owner's phone. */
export type SnippetValues = { origin: string; keyId: string | null; phone: string | null };

/** The peers' APIs as Dak answers them (issue 15, item 4): one base URL each. */
export const compatApis = ['steadfast', 'pathao', 'redx'] as const;
export type CompatApi = (typeof compatApis)[number];

export const compatBasePath = {
  steadfast: '/compat/steadfast/api/v1',
  pathao: '/compat/pathao',
  redx: '/compat/redx/v1.0.0-beta',
} as const satisfies Record<CompatApi, string>;

// What is never shown again (the secret) or never known (the password) stays a placeholder.
const secret = '<secret>';
const password = '<your Dak password>';

export type CompatSnippets = { baseUrl: string; settings: string; example: string };

/**
 * The settings a store plugin asks for, and one call to try them, for each peer's API. The
 * snippets are code to paste, so they stay in Latin letters in both languages.
 */
export function compatSnippets(api: CompatApi, values: SnippetValues): CompatSnippets {
  const base = `${values.origin}${compatBasePath[api]}`;
  const keyId = values.keyId ?? '<key ID>';
  const phone = values.phone ?? '<your phone number>';
  switch (api) {
    case 'steadfast':
      return {
        baseUrl: base,
        settings: [`Base URL:   ${base}`, `Api-Key:    ${keyId}`, `Secret-Key: ${secret}`].join('\n'),
        example: [
          `curl -X POST '${base}/create_order' \\`,
          `  -H 'Api-Key: ${keyId}' -H 'Secret-Key: ${secret}' \\`,
          `  -H 'Content-Type: application/json' \\`,
          `  -d '{"invoice":"INV-1001","recipient_name":"Rahim Uddin","recipient_phone":"01712345678","recipient_address":"House 12, Road 5, Dhanmondi, Dhaka","cod_amount":1200}'`,
        ].join('\n'),
      };
    case 'pathao':
      return {
        baseUrl: base,
        settings: [
          `Base URL:      ${base}`,
          `client_id:     ${keyId}`,
          `client_secret: ${secret}`,
          `username:      ${phone}`,
          `password:      ${password}`,
        ].join('\n'),
        example: [
          `curl -X POST '${base}/aladdin/api/v1/issue-token' \\`,
          `  -H 'Content-Type: application/json' \\`,
          `  -d '{"client_id":"${keyId}","client_secret":"${secret}","grant_type":"password","username":"${phone}","password":"${password}"}'`,
        ].join('\n'),
      };
    case 'redx': {
      const token = formatApiKeyToken(keyId, secret);
      return {
        baseUrl: base,
        settings: [`Base URL:         ${base}`, `API-ACCESS-TOKEN: Bearer ${token}`].join('\n'),
        example: [
          `curl '${base}/areas?district_name=Dhaka' \\`,
          `  -H 'API-ACCESS-TOKEN: Bearer ${token}'`,
        ].join('\n'),
      };
    }
  }
}
