/** Where to go after sign-in: the remembered path when it is one of ours, else home. */
export function safeRedirect(redirect: string | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  if (redirect === '/login' || redirect.startsWith('/login?') || redirect.startsWith('/login/')) return '/';
  return redirect;
}
