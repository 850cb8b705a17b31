import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import samlify from 'samlify';

/** Someone the test IdP can sign in, and the attributes it asserts of them. */
export interface SamlPerson {
  /** The NameID (persistent unless `nameIDFormat` says otherwise). */
  nameID: string;
  nameIDFormat?: string;
  email?: string;
  name?: string;
  groups?: string[];
  /** More attributes, by name. */
  attributes?: Record<string, string | string[]>;
}

/** What the next response gets wrong on purpose (each a refusal the API must make). */
export interface SamlForgery {
  /** The assertion carries no signature. */
  unsigned?: boolean;
  /** Signed by a key that is not the IdP's (its own self-signed certificate in KeyInfo). */
  otherKey?: boolean;
  /** The Audience, instead of the SP's entity id. */
  audience?: string;
  /** NotOnOrAfter (conditions and subject confirmation), e.g. an hour ago. */
  notOnOrAfter?: Date;
  /** InResponseTo, instead of the AuthnRequest's ID. */
  inResponseTo?: string;
}

/** An AuthnRequest as the IdP read it. */
export interface AuthnRequestSeen {
  id: string;
  acsUrl: string;
  issuer: string;
  relayState: string;
}

/** The form the IdP's page posts to the SP's ACS. */
export interface SamlPost {
  acsUrl: string;
  SAMLResponse: string;
  RelayState: string;
}

export interface TestSamlIdp {
  entityId: string;
  /** The single sign-on URL (HTTP-Redirect binding). */
  ssoUrl: string;
  /** The signing certificate (PEM). */
  cert: string;
  /** The API's settings that make this IdP Stream's. */
  settings: { SAML_ENTRY_POINT: string; SAML_IDP_CERT: string; SAML_IDP_ISSUER: string };
  /** Someone the login page knows (by NameID or email); `nextPerson` also makes them the one signed in without a form. */
  addPerson(person: SamlPerson): void;
  nextPerson(person: SamlPerson): void;
  /** From now on responses carry this mistake (undefined: well-made again). */
  forge(forgery: SamlForgery | undefined): void;
  /** The AuthnRequests seen, latest last. */
  requests: AuthnRequestSeen[];
  /** A response for `request` as `person`, as the IdP's page would post it (with the forgery set). */
  respond(request: AuthnRequestSeen, person: SamlPerson): SamlPost;
  close(): Promise<void>;
}

const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const ASSERTION = "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";

/** A fresh RSA key and a self-signed certificate for it (openssl: node:crypto makes no certificates). */
function keyPair(commonName: string): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'saml-idp-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const id = () => `_${randomBytes(16).toString('hex')}`;

/**
 * A SAML 2.0 identity provider on 127.0.0.1 for the tests: reads AuthnRequests (HTTP-Redirect),
 * answers signed assertions (samlify's signing, RSA-SHA256, keys made at start) with the person's
 * email, name and groups as attributes, posted to the SP's ACS by an auto-submitting form. With
 * `loginPage`, a "Username" form (NameID or email) and a "Sign in" button come first. Nothing it
 * serves loads anything from elsewhere.
 */
export async function startTestSamlIdp(options: { loginPage?: boolean } = {}): Promise<TestSamlIdp> {
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const ssoUrl = `${origin}/sso`;
  const own = keyPair('Stream test IdP');
  const other = keyPair('Someone else');
  const people = new Map<string, SamlPerson>();
  let next: SamlPerson | undefined;
  let forgery: SamlForgery | undefined;
  const requests: AuthnRequestSeen[] = [];

  const respond = (request: AuthnRequestSeen, person: SamlPerson): SamlPost => {
    const now = new Date();
    const until = forgery?.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
    const notBefore = new Date(Math.min(now.getTime(), until.getTime()) - 60_000);
    const inResponseTo = forgery?.inResponseTo ?? request.id;
    const audience = forgery?.audience ?? request.issuer;
    const values: [string, string[]][] = [
      ...(person.email ? ([['email', [person.email]]] as [string, string[]][]) : []),
      ...(person.name ? ([['name', [person.name]]] as [string, string[]][]) : []),
      ...(person.groups ? ([['groups', person.groups]] as [string, string[]][]) : []),
      ...Object.entries(person.attributes ?? {}).map(
        ([name, value]) => [name, Array.isArray(value) ? value : [value]] as [string, string[]],
      ),
    ];
    const attributes = values
      .map(
        ([name, list]) =>
          `<saml:Attribute Name="${xml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">` +
          list
            .map(
              (value) =>
                `<saml:AttributeValue xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xs:string">${xml(value)}</saml:AttributeValue>`,
            )
            .join('') +
          `</saml:Attribute>`,
      )
      .join('');
    const response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ` +
      `ID="${id()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${xml(request.acsUrl)}" InResponseTo="${xml(inResponseTo)}">` +
      `<saml:Issuer>${xml(entityId)}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion ID="${id()}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `<saml:Issuer>${xml(entityId)}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="${xml(person.nameIDFormat ?? PERSISTENT)}">${xml(person.nameID)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
      `<saml:SubjectConfirmationData InResponseTo="${xml(inResponseTo)}" NotOnOrAfter="${until.toISOString()}" Recipient="${xml(request.acsUrl)}"/>` +
      `</saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${notBefore.toISOString()}" NotOnOrAfter="${until.toISOString()}">` +
      `<saml:AudienceRestriction><saml:Audience>${xml(audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id()}"><saml:AuthnContext>` +
      `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
      `</saml:AuthnContext></saml:AuthnStatement>` +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
      `</saml:Assertion></samlp:Response>`;
    const signer = forgery?.otherKey ? other : own;
    const signed = forgery?.unsigned
      ? response
      : samlify.SamlLib.constructSAMLSignature({
          rawSamlMessage: response,
          referenceTagXPath: ASSERTION,
          privateKey: signer.key,
          // samlify takes the certificate's base64 body, without its PEM lines.
          signingCert: signer.cert.replace(/-----[A-Z ]+-----|\s/g, ''),
          signatureAlgorithm: RSA_SHA256,
          isBase64Output: false,
          signatureConfig: {
            prefix: 'ds',
            location: { reference: `${ASSERTION}/*[local-name(.)='Issuer']`, action: 'after' },
          },
        });
    return {
      acsUrl: request.acsUrl,
      SAMLResponse: Buffer.from(signed).toString('base64'),
      RelayState: request.relayState,
    };
  };

  const idp: TestSamlIdp = {
    entityId,
    ssoUrl,
    cert: own.cert,
    settings: { SAML_ENTRY_POINT: ssoUrl, SAML_IDP_CERT: own.cert, SAML_IDP_ISSUER: entityId },
    requests,
    addPerson(person) {
      people.set(person.nameID, person);
    },
    nextPerson(person) {
      next = person;
      people.set(person.nameID, person);
    },
    forge(value) {
      forgery = value;
    },
    respond,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return idp;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    try {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname !== '/sso') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      let fields = url.searchParams;
      if (req.method === 'POST') {
        let body = '';
        for await (const chunk of req) body += String(chunk);
        fields = new URLSearchParams(body);
      }
      const request = readRequest(fields);
      let person = next;
      if (options.loginPage) {
        if (req.method !== 'POST') return void page(res, loginForm(fields));
        const login = fields.get('login') ?? '';
        person = [...people.values()].find((one) => one.nameID === login || one.email === login);
        if (!person) return void res.writeHead(400, { 'content-type': 'text/plain' }).end(`No such person: ${login}`);
      }
      if (!person) throw new Error('the test named nobody to sign in');
      requests.push(request);
      page(res, postForm(respond(request, person)));
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
    }
  }
}

/** The AuthnRequest of an HTTP-Redirect (deflated, base64) and its RelayState. */
function readRequest(fields: URLSearchParams): AuthnRequestSeen {
  const encoded = fields.get('SAMLRequest');
  if (!encoded) throw new Error('no SAMLRequest');
  const text = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(text)?.[1];
  const id = attribute('ID');
  const acsUrl = attribute('AssertionConsumerServiceURL');
  const issuer = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(text)?.[1];
  if (!id || !acsUrl || !issuer) throw new Error(`an AuthnRequest without ID, ACS URL or Issuer: ${text}`);
  const unescape = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return { id, acsUrl: unescape(acsUrl), issuer: unescape(issuer), relayState: fields.get('RelayState') ?? '' };
}

function page(res: ServerResponse, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><meta charset="utf-8">${body}`);
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${xml(value)}">`;

function loginForm(fields: URLSearchParams): string {
  return (
    `<title>Test IdP: sign in</title><h1>Sign in to the test SAML IdP</h1><form method="post" action="/sso">` +
    hidden('SAMLRequest', fields.get('SAMLRequest') ?? '') +
    hidden('RelayState', fields.get('RelayState') ?? '') +
    `<label>Username <input name="login" autofocus></label><button type="submit">Sign in</button></form>`
  );
}

/** The HTTP-POST binding: a form the page submits at once to the ACS. */
function postForm(post: SamlPost): string {
  return (
    `<title>Test IdP: back to the service</title><form method="post" action="${xml(post.acsUrl)}">` +
    hidden('SAMLResponse', post.SAMLResponse) +
    hidden('RelayState', post.RelayState) +
    `<noscript><button type="submit">Continue</button></noscript></form><script>document.forms[0].submit()</script>`
  );
}
