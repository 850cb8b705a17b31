// The few video-service calls the soak makes, over the Connect protocol's JSON form with fetch.
export async function getVideo(baseUrl, token, videoId) {
  const response = await fetch(`${baseUrl}/videoservice.VideoService/GetVideo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ videoId }),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`GetVideo ${videoId} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

const processing = (video) => (video.status ?? 'STATUS_UNSPECIFIED') === 'STATUS_PROCESSING';

/**
 * Polls until every video in `ids` has left PROCESSING or `deadline` passes; resolves with a map
 * id → the video as GetVideo last answered (READY, FAILED with failureReason, or PROCESSING).
 * `token`: the owner's, or a function of the video's id when they have different owners.
 */
export async function waitForProcessing(baseUrl, token, ids, deadline) {
  const tokenOf = typeof token === 'function' ? token : () => token;
  const videos = new Map(ids.map((id) => [id, { status: 'STATUS_PROCESSING' }]));
  for (;;) {
    for (const [id, video] of videos) {
      if (processing(video)) videos.set(id, await getVideo(baseUrl, tokenOf(id), id));
    }
    if (![...videos.values()].some(processing) || Date.now() > deadline) return videos;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
