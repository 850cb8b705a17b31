/** A sprite of thumbnails for hover previews: `count` tiles, row by row, one every `intervalSeconds`. */
export interface StoryboardSprite {
  url: string;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  intervalSeconds: number;
  count: number;
}

/** Which tile shows `time`, and where it sits in the sprite (pixels). */
export function storyboardTile(sprite: StoryboardSprite, time: number): { index: number; x: number; y: number } {
  const last = Math.max(0, sprite.count - 1);
  const index = Math.min(last, Math.max(0, Math.floor(time / sprite.intervalSeconds)));
  const columns = Math.max(1, sprite.columns);
  return { index, x: (index % columns) * sprite.tileWidth, y: Math.floor(index / columns) * sprite.tileHeight };
}
