// The declared access of every HTTP route the API serves besides the RPCs (read by
// access-matrix-http.test.ts, which lists the routes from Fastify itself): the status each standing
// it calls is answered. A new route has no entry until someone decides.

/** A route as Fastify prints it: its URL and methods. */
export interface Route {
  url: string;
  methods: string[];
}

/** Who calls: signed out, another signed-in person naming the owner's things, the owner. */
export type HttpStanding = 'signedOut' | 'otherPerson' | 'owner';

export interface HttpRule {
  /** Who the route is for. */
  who: string;
  /** The status each standing is answered, the request naming the owner's video (or link, photo, upload). */
  status: Record<HttpStanding, number>;
  /**
   * Set on the routes that read an Authorization header: what a call is to an API key (`read`
   * changes nothing, `write` does, `account` acts for the account and needs a sign-in).
   */
  key?: 'read' | 'write' | 'account';
}

/** The owner's API keys: of scope READ, and one revoked. */
export type KeyStanding = 'readKey' | 'revokedKey';

/**
 * What `rule` says the owner's key is answered: a route that reads no Authorization header answers
 * it as anyone signed out; one that does refuses a revoked key (401) and a READ key what it may
 * not do (403), and answers the rest as to the owner.
 */
export function keyStatus(rule: HttpRule, standing: KeyStanding): number {
  if (rule.key === undefined) return rule.status.signedOut;
  if (standing === 'revokedKey') return 401;
  return rule.key === 'read' ? rule.status.owner : 403;
}

/** Each standing answered `status`. */
const all = (status: number): Record<HttpStanding, number> => ({
  signedOut: status,
  otherPerson: status,
  owner: status,
});

/** Signed out 401; another person and the owner as given (`self` routes act on the caller's own account). */
const signedIn = (otherPerson: number, owner: number): Record<HttpStanding, number> => ({
  signedOut: 401,
  otherPerson,
  owner,
});

/** The video's own bytes: its owner's (or a reader's); another person's is as absent, 404. */
const videoBytes = (owner = 200): HttpRule => ({ who: 'video-reader', status: signedIn(404, owner), key: 'read' });
/** Made by processing (there is no worker in the matrix's server): 404 even to the owner, past access. */
const processed = videoBytes(404);

export const HTTP_RULES: Record<string, HttpRule> = {
  '/healthz': { who: 'anyone', status: all(200) },
  '/readyz': { who: 'anyone', status: all(200) },
  // Served only where METRICS is configured (off here): absent to everyone.
  '/metrics': { who: 'operator', status: all(404) },
  '/api/config': { who: 'anyone', status: all(200) },
  // Stream's session after OpenID Connect: the refresh cookie alone (an Authorization header is not
  // read), so without one nobody is refreshed, and logging out revokes nothing and still answers.
  '/api/auth/session/refresh': { who: 'refresh-cookie holder', status: all(401) },
  '/api/auth/session/logout': { who: 'refresh-cookie holder', status: all(200) },
  // SCIM 2.0 takes the directory's own bearer token (SCIM_TOKEN, or one rotated in /admin), never a
  // person's or an API key; the matrix's server has neither token, so SCIM is off: 404 to everyone.
  ...Object.fromEntries(
    ['ServiceProviderConfig', 'Schemas', 'ResourceTypes', 'Users', 'Users/:id', 'Groups', 'Groups/:id'].map((path) => [
      `/scim/v2/${path}`,
      { who: 'the directory (SCIM token)', status: all(404) },
    ]),
  ),
  '/api/branding.css': { who: 'anyone', status: all(200) },
  // A SHARED video's link: its preview is for whoever holds the link.
  '/api/oembed': { who: 'link-holder', status: all(200) },
  '/s/:key': { who: 'link-holder', status: all(200) },
  '/embed/:key': { who: 'link-holder', status: all(200) },
  // The gate's form, with the link's password: a pass cookie and back to the page.
  '/s/:key/unlock': { who: 'link-holder', status: all(303) },
  '/embed/:key/unlock': { who: 'link-holder', status: all(303) },
  // /watch/<id> previews a PUBLIC video only; the owner's is PRIVATE.
  '/watch/:key': { who: 'anyone, of a PUBLIC video', status: all(404) },
  // A stored photo answers its signed URL only (none presented).
  '/api/photos/:file': { who: 'signed-url holder', status: all(404) },
  '/api/videoservice/upload': { who: 'self', status: signedIn(201, 201), key: 'write' },
  '/api/uploads': { who: 'self', status: signedIn(201, 201), key: 'write' },
  '/api/uploads/': { who: 'self', status: signedIn(201, 201), key: 'write' },
  // An upload in progress: its uploader's alone.
  '/api/uploads/:id': { who: 'uploader', status: signedIn(404, 200), key: 'write' },
  '/api/notifications/unread': { who: 'self', status: signedIn(200, 200), key: 'read' },
  '/api/account/export': { who: 'self', status: signedIn(200, 200), key: 'account' },
  // Eight zero bytes are no image: past access, refused as bad input.
  '/api/account/photo': { who: 'self', status: signedIn(400, 400), key: 'account' },
  '/api/videoservice/video/:id': videoBytes(),
  '/api/videoservice/original/:id': videoBytes(),
  '/api/videoservice/thumbnail/:id': processed,
  '/api/videoservice/storyboard/:id': processed,
  '/api/videoservice/captions/:id': processed,
  '/api/videoservice/mp4/:id': processed,
  '/api/videoservice/hls/:id/:file': processed,
};

/** The RPCs' routes (one per method, the access matrix's business) are not HTTP routes here. */
export const isRpcRoute = (url: string) => /^\/videoservice\.\w+\/\w+$/.test(url);

/** URLs of `routes` (RPCs aside) without a rule. */
export const unruledRoutes = (routes: readonly Route[]): string[] =>
  routes.filter((route) => !isRpcRoute(route.url) && HTTP_RULES[route.url] === undefined).map((route) => route.url);

/**
 * The routes of `printed` (FastifyInstance.printRoutes({ commonPrefix: false })): a tree whose
 * lines are `├── <segment> (<METHODS>)`, each level indented four characters under its parent.
 */
export function routesOf(printed: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = `${stack.join('')}${match[2]!}`;
    stack.push(match[2]!);
    if (match[3]) routes.push({ url, methods: match[3].split(', ') });
  }
  return routes;
}
