/** The Firebase project id used with the Auth emulator (a demo- project needs no credentials). */
export const EMULATOR_PROJECT_ID = 'demo-stream';
