export { pngSize } from './png-size';
export { readWords, parseTesseractTsv, type ReadLine, type ReadWord } from './read-words';
export { sampleFrames, type SampledFrame } from './sample-frames';
