let sequence = 0;

interface Link {
  token: string;
  /** Undefined: never expires. */
  expiresAtMs?: number;
}

/**
 * The fake service's share links, one per video: ShareVideo's rules (a reset replaces the token
 * and kills the old one; an unset expiry keeps the current one, also across a reset; 0 means never) and expiry.
 */
export function createFakeShareLinks(now: () => number, initial: (Link & { videoId: string })[] = []) {
  const byVideo = new Map<string, Link>(initial.map(({ videoId, ...link }) => [videoId, link]));
  const live = (link: Link | undefined) =>
    link !== undefined && (link.expiresAtMs === undefined || now() < link.expiresAtMs);

  return {
    share(videoId: string, { expireAfterSeconds, newLink }: { expireAfterSeconds?: bigint; newLink: boolean }): Link {
      const current = byVideo.get(videoId);
      const token =
        !current || newLink ? `share-${++sequence}-${Math.random().toString(36).slice(2, 10)}` : current.token;
      const expiresAtMs =
        expireAfterSeconds === undefined
          ? current?.expiresAtMs
          : expireAfterSeconds === 0n
            ? undefined
            : now() + Number(expireAfterSeconds) * 1000;
      const link = { token, ...(expiresAtMs === undefined ? {} : { expiresAtMs }) };
      byVideo.set(videoId, link);
      return link;
    },
    /** The video a live link leads to. */
    videoOf(token: string): string | undefined {
      for (const [videoId, link] of byVideo) if (link.token === token && live(link)) return videoId;
      return undefined;
    },
    valid(videoId: string, token: string): boolean {
      const link = byVideo.get(videoId);
      return live(link) && link?.token === token;
    },
    tokenOf: (videoId: string) => byVideo.get(videoId)?.token,
    expiresAtMsOf: (videoId: string) => byVideo.get(videoId)?.expiresAtMs,
    remove: (videoId: string) => void byVideo.delete(videoId),
  };
}
