// What bench:record runs inside the page: the app's own resumable client and upload sink.
import { createUploadSink } from '@stream/recording-uploads';
import { createResumableClient, createUploadClient } from '@stream/video-api';

(globalThis as Record<string, unknown>).streamBench = { createResumableClient, createUploadClient, createUploadSink };
