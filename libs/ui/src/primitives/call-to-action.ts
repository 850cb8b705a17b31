/**
 * A video's call to action: the button its owner sets (the sharing feature's form) and the stage
 * draws over the player.
 */
export interface CallToActionView {
  label: string;
  url: string;
  placement: 'end' | 'throughout';
}
