export { type VideoTranscript } from './transcript';
export { stageGeneratedCaptions } from './transcript-captions';
export { createTranscriptJobStore } from './transcript-job-store';
export { transcriptFields } from './transcript.message';
export { firstMatchingLines } from './transcript.repository';
export { TranscriptService } from './transcript.service';
export { TranscriptionCheckService } from './transcription-check.service';
