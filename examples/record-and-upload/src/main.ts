import { createClient } from '@connectrpc/connect';
import { VideoService } from '@stream/proto';
import { createRecorder } from '@stream/recorder';
import { createUploadClient, createVideoTransport } from '@stream/video-api';

// Your app signs its users in (Firebase Auth) and hands the Stream server their ID token.
const getToken = () => localStorage.getItem('streamIdToken') ?? undefined;

const transport = createVideoTransport({ baseUrl: window.location.origin, getToken });
const videos = createClient(VideoService, transport);
const uploads = createUploadClient({ baseUrl: window.location.origin, getToken });
const recorder = createRecorder();

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const recordButton = byId<HTMLButtonElement>('record');
const stopButton = byId<HTMLButtonElement>('stop');
const status = byId<HTMLParagraphElement>('status');
const list = byId<HTMLUListElement>('videos');

async function showVideos() {
  const { videos: mine } = await videos.listVideos({ pageSize: 10 });
  list.replaceChildren(
    ...mine.map((video) =>
      Object.assign(document.createElement('li'), { textContent: `${video.title} (${video.id})` }),
    ),
  );
}

recordButton.addEventListener('click', async () => {
  const state = await recorder.start(); // the browser asks which screen, then for the microphone
  if (state.status !== 'recording') {
    status.textContent = state.status === 'error' ? state.message : 'Not recording';
    return;
  }
  status.textContent = 'Recording';
  recordButton.disabled = true;
  stopButton.disabled = false;
});

stopButton.addEventListener('click', async () => {
  stopButton.disabled = true;
  const done = await recorder.stop();
  if (done.status !== 'stopped') return;
  status.textContent = 'Uploading';
  const result = await uploads.upload(done.recording.blob, {
    onProgress: (percent) => (status.textContent = `Uploading ${percent}%`),
  });
  status.textContent = result.ok ? `Uploaded ${result.videoId}` : result.message;
  recordButton.disabled = false;
  await showVideos();
});

void showVideos();
