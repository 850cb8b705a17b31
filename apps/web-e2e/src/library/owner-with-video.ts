import { Status, type Video } from '@stream/proto';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage } from '../harness/browser';
import { newSignedInPage, type SignedInPage } from '../harness/accounts';
import { makeTestWebm, uploadVideo, waitUntilProcessed } from './library-fixtures';

export interface OwnerWithVideo {
  /** Signed in, the video's owner. */
  owner: SignedInPage;
  /** A page in a context of its own where nobody is signed in. */
  viewer: Page;
  /** The owner's video, uploaded through the API and READY. */
  video: Video;
  /** Closes both pages and the browser. */
  close(): Promise<void>;
}

/**
 * What a file about watching and sharing starts from: a browser, a signed-in owner with one
 * processed `seconds`-long recording (a real WebM), and a signed-out viewer.
 */
export async function ownerWithVideo(options: {
  baseUrl: string;
  emulatorHost: string;
  displayName: string;
  seconds?: number;
}): Promise<OwnerWithVideo> {
  const { baseUrl, emulatorHost, displayName } = options;
  const [browser, webm] = await Promise.all([launchBrowser(), makeTestWebm(options.seconds ?? 30)]);
  const close = () => browser.close();
  try {
    const owner = await newSignedInPage(browser, { baseUrl, emulatorHost, displayName });
    const videoId = await uploadVideo(baseUrl, owner.user.idToken, webm);
    const video = await waitUntilProcessed(baseUrl, owner.user.idToken, videoId);
    if (video.status !== Status.READY) throw new Error(`processing failed: ${video.failureReason}`);
    return { owner, viewer: await newPage(browser), video, close };
  } catch (error) {
    await close();
    throw error;
  }
}
