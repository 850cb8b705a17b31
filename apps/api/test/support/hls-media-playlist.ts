/**
 * A rung's media playlist as ffmpeg writes it for single-file fMP4 HLS: an init segment
 * of 1,353 bytes, then a 4 s segment of 400,000 bytes and a 2 s one of 100,000, all in 1.mp4.
 */
export const mediaPlaylist = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:4
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="1.mp4",BYTERANGE="1353@0"
#EXTINF:4.000000,
#EXT-X-BYTERANGE:400000@1353
1.mp4
#EXTINF:2.000000,
#EXT-X-BYTERANGE:100000@401353
1.mp4
#EXT-X-ENDLIST
`;
