import { readFileSync } from 'node:fs';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/**
 * SAML_IDP_CERT as PEM text: the value itself (a PEM, or its base64 body alone as some IdPs show
 * it), else the path of a file holding it. Any other value is a mistake said at start.
 */
export function idpCertOf(value: string): string {
  const pem = (text: string) => {
    const body = text
      .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
      .replace(/\s+/g, '')
      .trim();
    if (!/^[A-Za-z0-9+/]{100,}={0,2}$/.test(body)) return undefined;
    return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  };
  const inline = pem(value);
  if (inline) return inline;
  let text: string;
  try {
    text = readFileSync(value, 'utf8');
  } catch (error) {
    throw new Error(
      `neither a PEM certificate nor a readable file (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      {
        cause: error,
      },
    );
  }
  const fromFile = pem(text);
  if (!fromFile) throw new Error(`the file ${value} holds no PEM certificate`);
  return fromFile;
}

/**
 * SAML 2.0 sign-in (identity/saml-*.ts), spread into config.ts's schema: the IdP's SSO URL and its
 * signing certificate (on together, off together), Stream's entity id, the button's name and the
 * attributes read. Groups, admin groups, teams by group and the quota are OIDC_*'s mapping.
 */
export const samlSettings = {
  /** The IdP's single sign-on URL (HTTP-Redirect binding). `http://` only on loopback (tests). */
  SAML_ENTRY_POINT: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, message: 'expected an http(s) URL' })
      .refine(
        (value) => URL.canParse(value) && (new URL(value).protocol === 'https:' || isLoopback(new URL(value).hostname)),
        'expected an https:// URL (http:// only on 127.0.0.1, ::1 or localhost)',
      )
      .optional(),
  ),
  /** The certificate the IdP signs assertions with: PEM text, or the path of a PEM file. */
  SAML_IDP_CERT: optionalText.transform((value, context) => {
    if (!value) return undefined;
    try {
      return idpCertOf(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** The IdP's entity id: when set, an assertion from any other Issuer is refused. */
  SAML_IDP_ISSUER: optionalText,
  /** Stream's entity id at the IdP; unset: `{public origin}/api/auth/saml/metadata`. */
  SAML_ISSUER: optionalText,
  /** The button's name on the sign-in page: "Continue with {SAML_NAME}". */
  SAML_NAME: optionalText.transform((value) => value ?? 'SAML SSO').pipe(z.string().max(60, 'at most 60 characters')),
  /** The attribute holding the person's email (else a NameID of the emailAddress format). */
  SAML_EMAIL_ATTRIBUTE: optionalText.transform((value) => value ?? 'email'),
  /** The attribute holding the person's name. */
  SAML_NAME_ATTRIBUTE: optionalText.transform((value) => value ?? 'name'),
  /** The attribute holding the person's groups (one value per group), for OIDC_ADMIN_GROUPS and OIDC_TEAM_GROUPS. */
  SAML_GROUPS_ATTRIBUTE: optionalText.transform((value) => value ?? 'groups'),
};

const SAML_PAIR = ['SAML_ENTRY_POINT', 'SAML_IDP_CERT'] as const;

/** SAML is on with both its IdP settings, off with neither; one alone is a mistake said at start. */
export function samlBothOrNone(
  config: Partial<Record<(typeof SAML_PAIR)[number], string>>,
  context: z.RefinementCtx,
): void {
  const missing = SAML_PAIR.filter((name) => !config[name]);
  if (missing.length === 0 || missing.length === SAML_PAIR.length) return;
  for (const name of missing)
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `SAML 2.0 needs ${SAML_PAIR.join(' and ')} together: ${name} is missing`,
    });
}
