import { chatSummarizer, type Summarizer } from './chat-summarizer';

export { chatSummarizer, readSuggestion, type Summarizer, type TranscriptSummary } from './chat-summarizer';

/** The summarizer SUMMARY_URL names (config.ts); undefined without one. */
export function summarizerFromConfig(config: {
  SUMMARY_URL?: string;
  SUMMARY_API_KEY?: string;
  SUMMARY_MODEL: string;
}): Summarizer | undefined {
  if (!config.SUMMARY_URL) return undefined;
  return chatSummarizer({ baseUrl: config.SUMMARY_URL, apiKey: config.SUMMARY_API_KEY, model: config.SUMMARY_MODEL });
}
