import { escapeHtml, type PageBranding, type PageShell } from './watch-page.html';

/** What a gated link's page asks, and why the last answer was refused. */
export interface GateForm {
  /** Where the form posts: `/s/<token>/unlock` or `/embed/<token>/unlock`. */
  action: string;
  passwordRequired: boolean;
  emailRequired: boolean;
  /** The email typed last time, kept in the field after a refusal. */
  email?: string;
  error?: string;
}

/**
 * The shell's head without the web app's scripts: its stylesheet and theme stay, but the single-page
 * app must not start (its watch route would ask for a video this page has not unlocked yet).
 */
const headWithoutApp = (shell: PageShell) =>
  shell.beforeHeadEnd
    .replace(/<script\b[^>]*\btype="module"[^>]*>\s*<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');

/**
 * The page of a link that asks a password or an email, served instead of the watch page
 * until the browser holds a pass: a plain form that works without JavaScript, saying nothing of
 * the video (no title, no preview tags). Everything it echoes is escaped.
 */
export function renderGatePage(shell: PageShell, form: GateForm, branding: PageBranding): string {
  const site = escapeHtml(branding.productName);
  const asks = [form.passwordRequired && 'a password', form.emailRequired && 'your email address'].filter(Boolean);
  const fields = [
    form.emailRequired &&
      `<label class="flex flex-col gap-1"><span class="text-sm font-medium">Your email</span><input class="input w-full" type="email" name="email" autocomplete="email" maxlength="254" required value="${escapeHtml(form.email ?? '')}"></label>`,
    form.passwordRequired &&
      `<label class="flex flex-col gap-1"><span class="text-sm font-medium">Password</span><input class="input w-full" type="password" name="password" autocomplete="current-password" maxlength="200" required></label>`,
  ].filter(Boolean);
  return `${headWithoutApp(shell)}<title>A protected video · ${site}</title>
    <meta name="robots" content="noindex">
  </head>
  <body>
    ${
      // The site's name over the form, as every other page has its top bar: without it a newcomer
      // met a bare card and could not tell whose page asked for the password. Not in a frame.
      form.action.startsWith('/embed/')
        ? ''
        : `<header class="navbar bg-base-100 border-base-300 border-b px-4"><a class="text-lg font-semibold" href="/">${site}</a></header>`
    }
    <main class="flex min-h-screen items-center justify-center p-4">
      <form method="post" action="${escapeHtml(form.action)}" class="card bg-base-100 flex w-full max-w-sm flex-col gap-3 p-6 shadow">
        <h1 class="text-xl font-semibold">This video is protected</h1>
        <p>The person who shared it asks for ${asks.join(' and ')} before it plays.</p>
        ${form.error ? `<p role="alert" class="text-error">${escapeHtml(form.error)}</p>` : ''}
        ${fields.join('\n        ')}
        <button type="submit" class="btn btn-primary">Watch the video</button>
      </form>
    </main>
  </body>
</html>
`;
}
