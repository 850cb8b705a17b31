// The two paths as the page runs them, measured from Stop (functions serialised into the page).

/* global location, performance, Blob -- page.evaluate runs these in the page */

/**
 * Instant path: the recording's bytes fed to the upload sink one second's worth at a time (the
 * recording's own pace), uploading as they come; then Stop. Resolves with the video id, the link
 * and the times from Stop (ms) to the link and to the last byte acknowledged.
 */
export async function instantInPage({ parts, seconds, token }) {
  const pieces = [];
  for (let part = 0; part < parts; part++) pieces.push(await (await fetch(`/__bench/part/${part}`)).blob());
  const bytes = new Uint8Array(await new Blob(pieces).arrayBuffer());
  const { createResumableClient, createUploadSink } = globalThis.streamBench;
  const client = createResumableClient({ baseUrl: location.origin, getToken: () => token });
  let linkAt;
  let videoId;
  let link;
  const sink = createUploadSink({
    connect: async () => {
      const upload = await client.create({ title: `bench instant ${seconds}s` });
      videoId = upload.videoId;
      void shareLink(upload.videoId, token).then((url) => {
        link = url;
        linkAt = performance.now();
      });
      return upload;
    },
  });
  const perSecond = Math.ceil(bytes.length / seconds);
  const started = performance.now();
  for (let second = 0; second * perSecond < bytes.length; second++) {
    const wait = started + (second + 1) * 1000 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await sink.write(new Blob([bytes.subarray(second * perSecond, (second + 1) * perSecond)]));
  }
  const stoppedAt = performance.now();
  const uploadedBeforeStop = sink.progress.uploadedBytes;
  await sink.close();
  const done = await sink.done;
  if (done.state !== 'finished') throw new Error(`upload ${done.state}: ${done.error}`);
  const finishedMs = performance.now() - stoppedAt;
  while (linkAt === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  return {
    videoId,
    link,
    stopEpochMs: Date.now() - (performance.now() - stoppedAt),
    linkMs: Math.max(0, linkAt - stoppedAt),
    finishedMs,
    uploadedBeforeStop,
  };

  async function shareLink(id, bearer) {
    const response = await fetch('/videoservice.VideoService/ShareVideo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ videoId: id }),
    });
    return (await response.json()).url;
  }
}

/** Whole-file path: at Stop the whole recording uploads (the app's upload client), then the link is minted. */
export async function wholeFileInPage({ parts, token }) {
  const pieces = [];
  for (let part = 0; part < parts; part++) pieces.push(await (await fetch(`/__bench/part/${part}`)).blob());
  const bytes = new Uint8Array(await new Blob(pieces).arrayBuffer());
  const { createUploadClient } = globalThis.streamBench;
  const uploads = createUploadClient({ baseUrl: location.origin, getToken: () => token });
  const stoppedAt = performance.now();
  const result = await uploads.upload(new Blob([bytes], { type: 'video/webm' }));
  if (!result.ok) throw new Error(result.detail);
  const response = await fetch('/videoservice.VideoService/ShareVideo', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ videoId: result.videoId }),
  });
  const { url } = await response.json();
  const linkMs = performance.now() - stoppedAt;
  return { videoId: result.videoId, link: url, stopEpochMs: Date.now() - linkMs, linkMs, finishedMs: linkMs };
}
