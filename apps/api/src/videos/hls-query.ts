// Playlists name the files of an HLS presentation by relative addresses.

/**
 * `playlist` with `query` (`?expires=…&signature=…`) added to every address it names, its URI
 * lines and its `URI="…"` attributes: a player asks for relative addresses without the playlist's
 * own query, and every file of the presentation is refused without a signature.
 */
export function withQuery(playlist: string, query: string): string {
  if (!query) return playlist;
  return playlist
    .split('\n')
    .map((line) => {
      if (line === '') return line;
      if (line.startsWith('#')) return line.replace(/URI="([^"?]+)"/g, (_match, uri: string) => `URI="${uri}${query}"`);
      return `${line.trimEnd()}${query}`;
    })
    .join('\n');
}
