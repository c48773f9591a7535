#!/usr/bin/env bash
# Regenerates the demo camera streams served at /media/demo/ (ffmpeg from Debian's package).
# Six seconds of 480x270 H.264 at 15 fps in three MPEG-TS segments each; the players loop them.
set -euo pipefail
cd "$(dirname "$0")"

encode() { # <folder> <lavfi graph>
  rm -rf "$1" && mkdir -p "$1"
  ffmpeg -hide_banner -loglevel error -f lavfi -i "$2" -t 6 -an \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryslow -crf 30 \
    -g 30 -keyint_min 30 -sc_threshold 0 \
    -f hls -hls_time 2 -hls_playlist_type vod -hls_segment_filename "$1/segment-%d.ts" "$1/index.m3u8"
}

encode test-pattern 'testsrc2=size=480x270:rate=15'
# Colour bars alone would look frozen: a white square crosses them.
encode colour-bars "smptehdbars=size=480x270:rate=15[bars];color=c=white:size=32x32:rate=15[square];[bars][square]overlay=x='mod(t*80,448)':y=60:shortest=1[out0]"
