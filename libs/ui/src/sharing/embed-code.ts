/**
 * The HTML that embeds a shared video in another page: its embed page in an
 * iframe that keeps the video's aspect ratio (16:9 unless told) at any width; '' for a link that
 * is not a share link (`…/s/<token>`).
 */
export function embedCode(
  shareUrl: string,
  aspect: { width: number; height: number } = { width: 16, height: 9 },
): string {
  const match = /^(.*)\/s\/([\w-]+)$/.exec(shareUrl);
  if (!match) return '';
  const src = `${match[1]}/embed/${match[2]}`;
  const ratio = `${aspect.width} / ${aspect.height}`;
  return `<iframe src="${src}" style="width:100%;aspect-ratio:${ratio};border:0" allow="fullscreen; picture-in-picture" allowfullscreen></iframe>`;
}
