import { VideoPlayer } from '@stream/ui';
import { createRoot } from 'react-dom/client';

// The video's URL: a Stream server's signed `video.url` (GetVideo, ListVideos) or any WebM.
const src = new URLSearchParams(window.location.search).get('src') ?? '';

createRoot(document.getElementById('root')!).render(
  <main style={{ maxWidth: 960, margin: '2rem auto' }}>
    <h1>Stream player</h1>
    {src ? <VideoPlayer src={src} label="Example video" /> : <p>Add ?src=&lt;video URL&gt; to the address.</p>}
  </main>,
);
