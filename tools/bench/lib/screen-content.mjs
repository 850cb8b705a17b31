// The synthetic screen recording the media benchmarks encode (bench:hls's WebM, its MOV row): a
// still page (white, a grid) with a box moving across and a busy corner (a small test pattern,
// like a playing clip or a cursor trail) at 1920×1080, and a tone. One recipe, so every row
// measures the same picture.

/** ffmpeg's input and mapping arguments for `fps` frames a second: video as [v], audio as 2:a. */
export function screenContentInputs(fps) {
  return [
    ...['-f', 'lavfi', '-i'],
    `color=c=white:s=1920x1080:r=${fps},drawgrid=w=160:h=90:t=2:c=0xdddddd,drawbox=x='mod(t*120,1700)':y=480:w=200:h=120:c=0x3366cc:t=fill`,
    ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=${fps}`, '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-filter_complex', '[0:v][1:v]overlay=x=1560:y=860[v]', '-map', '[v]', '-map', '2:a'],
  ];
}
