import { createRecorder } from '@stream/recorder';
import { createRecordingUploads, type RecordingUploadState } from '@stream/recording-uploads';
import { createVideoTransport } from '@stream/video-api';

// Your app signs its users in (Firebase Auth) and hands the Stream server their ID token.
const getToken = () => localStorage.getItem('streamIdToken') ?? undefined;
const transport = createVideoTransport({ baseUrl: window.location.origin, getToken });
// Uploads while recording (the local copy in OPFS or IndexedDB), so the link exists before Stop.
const uploads = createRecordingUploads({ getToken, transport });
const recorder = createRecorder({ sinks: (recording) => uploads.sinks(recording) });

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const [recordButton, stopButton] = [byId<HTMLButtonElement>('record'), byId<HTMLButtonElement>('stop')];
const [status, link, unfinished] = [byId('status'), byId<HTMLAnchorElement>('link'), byId('unfinished')];
let stopped = false;

function show(state: RecordingUploadState) {
  const live = state.status === 'recording' || state.status === 'finishing' ? state.instant : undefined;
  if (state.status === 'recording') status.textContent = `Recording (${live?.uploadedBytes ?? 0} bytes uploaded)`;
  if (state.status === 'uploaded') status.textContent = state.message; // 'Video uploaded successfully!'
  if (state.status === 'recoverable') status.textContent = state.reason;
  link.href = link.textContent = (state.status === 'uploaded' ? state.link : stopped ? live?.link : '') ?? '';
}
uploads.subscribe(show);

// Recordings a reload or a crash left on this computer: Resume upload finishes the same video.
async function listUnfinished() {
  const items = (await uploads.unfinished()).map((recording) => {
    const resume = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Resume upload' });
    resume.addEventListener('click', async () => {
      resume.disabled = true;
      await uploads.resume(recording.id).catch((error: Error) => (status.textContent = error.message));
      await listUnfinished();
    });
    const item = document.createElement('li');
    item.append(
      `${Math.round(recording.size / 1024)} kB from ${new Date(recording.startedAt).toLocaleString()} `,
      resume,
    );
    return item;
  });
  unfinished.replaceChildren(...items);
}

recordButton.addEventListener('click', async () => {
  stopped = false;
  const state = await recorder.start(); // the browser asks which screen, then for the microphone
  if (state.status !== 'recording')
    return void (status.textContent = state.status === 'error' ? state.message : 'Not recording');
  recordButton.disabled = true;
  stopButton.disabled = false;
});

stopButton.addEventListener('click', async () => {
  stopButton.disabled = stopped = true;
  show(uploads.state); // the link, the moment Stop is pressed
  const done = await recorder.stop();
  if (done.status === 'stopped') await uploads.finish(done.recording.blob);
  recordButton.disabled = false;
});

void listUnfinished();
