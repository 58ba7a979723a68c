#!/usr/bin/env bash
# make-demo-media.sh — regenerates every demo media file in demo/media/.
#
# Run it with `npm run make-demo-media`. The output is committed, so a fresh
# clone seeds its demo content without any of these tools installed; run this
# only when the demo media itself should change.
#
# Requirements (Debian/Ubuntu package names):
#   ffmpeg      — built with libx264, libmp3lame, libfreetype (drawtext); Debian's build has all three
#   sox         — music synthesis and audio mixing
#   espeak-ng   — narration for sermons and podcasts
#   fonts-dejavu-core — DejaVu Sans Bold for the titles (any TTF found by fc-match is used as fallback;
#                        without drawtext or a font, thumbnails and videos are made without text)
#   apt-get install -y ffmpeg sox espeak-ng fonts-dejavu-core
#
# What it makes (file names are stable; src/server/db/seed/demo-content.ts refers to them):
#   sermon-0N-<slug>.mp4   640x360 H.264/AAC video, narrated, faststart      (sermons 1-3)
#   sermon-0N-<slug>.mp3   64 kbps mono narration over a quiet pad            (sermons 4-6)
#   song-0N-<slug>.mp3     96 kbps instrumental worship songs made with sox   (songs 1-8)
#   podcast-0N-<slug>.mp3  48 kbps mono two-voice conversation with a jingle  (podcasts 1-4)
#   thumb-<kind>-0N.jpg    480x270 thumbnail per item
#
# Deterministic: sox runs with -R (fixed random seed), ffmpeg with +bitexact and
# single-threaded x264, so a rerun with the same tool versions gives the same bytes.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/demo/media"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
OUT="$TMP/out"   # built here, verified, then moved into $DEST: a failed run leaves demo/media untouched

for tool in ffmpeg ffprobe sox soxi espeak-ng awk md5sum; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "error: '$tool' is required (apt-get install -y ffmpeg sox espeak-ng fonts-dejavu-core)" >&2
    exit 1
  fi
done

FONT=""
if [[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ]]; then FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf; fi
if [[ -z "$FONT" ]] && command -v fc-match >/dev/null 2>&1; then
  FONT="$(fc-match -f '%{file}' 'DejaVu Sans:bold' 2>/dev/null || true)"
  [[ -f "$FONT" ]] || FONT=""
fi
DRAWTEXT=0
FILTERS="$(ffmpeg -hide_banner -filters 2>/dev/null || true)"   # not piped into grep -q: SIGPIPE + pipefail
if [[ -n "$FONT" && "$FILTERS" == *" drawtext "* ]]; then DRAWTEXT=1; fi
if [[ "$DRAWTEXT" == 0 ]]; then
  echo "warning: ffmpeg drawtext or a TTF font is missing; making pictures without text" >&2
fi

FF=(ffmpeg -hide_banner -loglevel error -nostdin -y)
SOX=(sox -R -D -V1)

mkdir -p "$OUT" "$DEST"

calc() { awk "BEGIN { printf \"%.4f\", $1 }"; }

# ---------------------------------------------------------------- pictures

# wrap_title TITLE -> one line, or two lines split at the space nearest the middle
wrap_title() {
  local t=$1 i d best=-1 bestd=999
  if (( ${#t} <= 18 )); then echo "$t"; return; fi
  for (( i = 1; i < ${#t}; i++ )); do
    [[ "${t:i:1}" == " " ]] || continue
    d=$(( 2 * i - ${#t} )); (( d < 0 )) && d=$(( -d ))
    if (( d < bestd )); then bestd=$d; best=$i; fi
  done
  if (( best < 0 )); then echo "$t"; return; fi
  echo "${t:0:best}"
  echo "${t:best+1}"
}

# text_filter W H TITLE SUBTITLE LABEL TITLESIZE FADE -> prints a drawtext filter chain (or "null")
text_filter() {
  local w=$1 h=$2 title=$3 subtitle=$4 label=$5 size=$6 fade=$7
  if [[ "$DRAWTEXT" == 0 ]]; then echo "null"; return; fi
  local alpha="1"
  [[ "$fade" == 1 ]] && alpha="if(lt(t\,1.2)\,t/1.2\,1)"
  local key lines=() n i y lh filters=""
  key="$(printf '%s' "$title$subtitle$label" | md5sum | cut -c1-10)"
  mapfile -t lines < <(wrap_title "$title")
  n=${#lines[@]}
  lh=$(( size * 13 / 10 ))
  local sub_size=$(( size * 11 / 20 ))
  local block=$(( n * lh + sub_size * 2 ))
  local top=$(( (h - block) / 2 ))
  filters+="drawbox=x=0:y=0:w=iw:h=ih:color=black@0.22:t=fill,"   # scrim: white text stays legible on light colours
  filters+="drawbox=x=0:y=0:w=iw:h=$(( size * 11 / 10 )):color=black@0.25:t=fill,"
  local common="fontfile=$FONT:fontcolor=white:shadowcolor=black@0.55:shadowx=2:shadowy=2:alpha=$alpha"
  for i in "${!lines[@]}"; do
    printf '%s' "${lines[$i]}" >"$TMP/t-$key-$i.txt"
    y=$(( top + i * lh ))
    filters+="drawtext=$common:textfile=$TMP/t-$key-$i.txt:fontsize=$size:x=(w-text_w)/2:y=$y,"
  done
  printf '%s' "$subtitle" >"$TMP/t-$key-sub.txt"
  filters+="drawtext=$common:textfile=$TMP/t-$key-sub.txt:fontsize=$sub_size:x=(w-text_w)/2:y=$(( top + n * lh + sub_size / 2 )),"
  printf '%s' "$label" >"$TMP/t-$key-label.txt"
  filters+="drawtext=$common:textfile=$TMP/t-$key-label.txt:fontsize=$(( size * 9 / 20 )):x=$(( size / 2 )):y=$(( size * 3 / 10 ))"
  echo "$filters"
}

# gradient_src W H PALETTE(c0,c1,c2) TYPE SEED SPEED -> lavfi source
gradient_src() {
  local w=$1 h=$2 pal=$3 type=$4 seed=$5 speed=$6
  local c0 c1 c2
  IFS=, read -r c0 c1 c2 <<<"$pal"
  echo "gradients=s=${w}x${h}:r=24:n=3:c0=0x$c0:c1=0x$c1:c2=0x$c2:type=$type:seed=$seed:speed=$speed"
}

# thumbnail FILE TITLE SUBTITLE LABEL PALETTE TYPE SEED
thumbnail() {
  local file=$1 title=$2 subtitle=$3 label=$4 pal=$5 type=$6 seed=$7
  "${FF[@]}" -f lavfi -i "$(gradient_src 480 270 "$pal" "$type" "$seed" 0.01)" \
    -vf "vignette=PI/5,$(text_filter 480 270 "$title" "$subtitle" "$label" 34 0),format=yuvj420p" \
    -frames:v 1 -q:v 4 -fflags +bitexact -flags:v +bitexact "$OUT/$file"
  echo "  made $file"
}

# ---------------------------------------------------------------- music helpers

SCALE=(0 2 4 5 7 9 11)
note() { echo "%$(( $1 - 69 ))"; }              # MIDI number -> sox semitone notation (A4 = %0)

# chord_tones ROOT_MIDI DEGREE -> three MIDI numbers of the diatonic triad
chord_tones() {
  local root=$1 d=$2 i deg out=()
  for i in 0 2 4; do
    deg=$(( d + i ))
    out+=( $(( root + SCALE[deg % 7] + 12 * (deg / 7) )) )
  done
  echo "${out[@]}"
}

# bar FILE RATE BAR_SECONDS ROOT DEGREE STYLE WAVE KIND MELODY_IDX
#   KIND: intro (pad + arpeggio), full (+ bass + melody), end (held tonic)
bar() {
  local file=$1 rate=$2 len=$3 root=$4 deg=$5 style=$6 wave=$7 kind=$8 mel=$9
  local t c1 c2 c3 beat eighth
  read -r c1 c2 c3 <<<"$(chord_tones "$root" "$deg")"
  t=( "$c1" "$c2" "$c3" $(( c1 + 12 )) $(( c2 + 12 )) $(( c3 + 12 )) )
  beat=$(calc "$len / 4"); eighth=$(calc "$len / 8")
  local stem="$TMP/bar-$$-$RANDOM"
  # pad: soft sustained chord
  "${SOX[@]}" -n -r "$rate" "$stem-pad.wav" synth "$len" "$wave" "$(note "$c1")" "$wave" "$(note "$c2")" "$wave" "$(note "$c3")" \
    "$wave" "$(note $(( c1 - 12 )))" remix - fade h "$(calc "$len * 0.2")" "$len" "$(calc "$len * 0.25")"
  # rhythm part
  local specs=() delays=() idx pos
  case "$style" in
    up)     idx=(0 1 2 3 4 3 2 1); pos=(0 1 2 3 4 5 6 7) ;;
    wave)   idx=(0 2 4 2 3 1 5 2); pos=(0 1 2 3 4 5 6 7) ;;
    block)  idx=(0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3); pos=(0 0 0 0 2 2 2 2 4 4 4 4 6 6 6 6) ;;
    gospel) idx=(0 2 3 1 2 4 0 2 3 1 2 4); pos=(0 0 0 3 3 3 4 4 4 7 7 7) ;;
  esac
  local unit=$eighth i
  if [[ "$kind" == end ]]; then idx=(0 1 2 3 4 5); pos=(0 1 2 3 4 5); unit=0.07; fi  # a slow final strum
  for i in "${!idx[@]}"; do
    specs+=( pl "$(note "${t[${idx[$i]}]}")" )
    delays+=( "$(calc "${pos[$i]} * $unit")" )
  done
  "${SOX[@]}" -n -r "$rate" "$stem-arp.wav" synth "$len" "${specs[@]}" delay "${delays[@]}" remix - \
    trim 0 "$len" fade h 0 "$len" 0.03
  local parts=( -v 1.0 "$stem-pad.wav" -v 2.2 "$stem-arp.wav" )
  if [[ "$kind" == full ]]; then
    # bass on beats 1 and 3, melody note on beat 1 and 3 an octave up
    "${SOX[@]}" -n -r "$rate" "$stem-bass.wav" synth "$len" pl "$(note $(( c1 - 24 )))" pl "$(note $(( c1 - 24 )))" \
      delay 0 "$(calc "$beat * 2")" remix - trim 0 "$len" fade h 0 "$len" 0.03
    local m1 m2
    m1=${t[$(( mel % 3 + 3 ))]}; m2=${t[$(( (mel + 1) % 3 + 3 ))]}
    (( m1 + 12 <= 96 )) && m1=$(( m1 + 12 ))  # an octave up, but within pluck's range (< ~4 kHz)
    (( m2 + 12 <= 96 )) && m2=$(( m2 + 12 ))
    "${SOX[@]}" -n -r "$rate" "$stem-mel.wav" synth "$len" pl "$(note "$m1")" pl "$(note "$m2")" \
      delay 0 "$(calc "$beat * 2")" remix - trim 0 "$len" fade h 0 "$len" 0.03
    parts+=( -v 1.6 "$stem-bass.wav" -v 1.4 "$stem-mel.wav" )
  fi
  "${SOX[@]}" -m "${parts[@]}" "$file"
  rm -f "$stem"-*.wav
}

# song N SLUG TITLE ARTIST ALBUM ROOT_MIDI BPM "PROGRESSION" STYLE WAVE PASSES "MELODY" PALETTE GRADTYPE
song() {
  local n=$1 slug=$2 title=$3 artist=$4 album=$5 root=$6 bpm=$7 prog=$8 style=$9
  local wave=${10} passes=${11} melody=${12} pal=${13} gtype=${14}
  local file="song-$n-$slug.mp3" len rate=44100 p i d list=() mel
  len=$(calc "240 / $bpm")
  read -r -a prog <<<"$prog"
  read -r -a mel <<<"$melody"
  local k=0
  for (( p = 0; p < passes; p++ )); do
    for i in "${!prog[@]}"; do
      d=${prog[$i]}
      local kind=full; (( p == 0 )) && kind=intro
      local f="$TMP/song-$n-$kind-$d-${mel[$i]}.wav"
      [[ -f "$f" ]] || bar "$f" "$rate" "$len" "$root" "$d" "$style" "$wave" "$kind" "${mel[$i]}"
      list+=( "$f" ); k=$(( k + 1 ))
    done
  done
  local endf="$TMP/song-$n-end.wav"
  bar "$endf" "$rate" "$(calc "$len * 2")" "$root" 0 "$style" "$wave" end 0
  list+=( "$endf" )
  # two passes: sox miscounts the length for "fade ... -0" when it follows reverb in the same chain
  "${SOX[@]}" "${list[@]}" "$TMP/song-$n-rev.wav" gain -8 reverb 45 50 70
  "${SOX[@]}" "$TMP/song-$n-rev.wav" "$TMP/song-$n.wav" fade t 1.5 -0 3 norm -1.5
  "${FF[@]}" -i "$TMP/song-$n.wav" -map_metadata -1 -c:a libmp3lame -b:a 96k -ac 1 -ar 44100 \
    -metadata title="$title" -metadata artist="$artist" -metadata album="$album" -metadata genre="Worship" \
    -fflags +bitexact -flags:a +bitexact "$OUT/$file"
  echo "  made $file ($bpm bpm, $(( k / ${#prog[@]} )) x progression [${prog[*]}], root MIDI $root)"
  thumbnail "thumb-song-$n.jpg" "$title" "$artist" "WORSHIP MUSIC" "$pal" "$gtype" "$(( 100 + 10#$n ))"
}

# ---------------------------------------------------------------- speech helpers

# gentle speech compressor (lifts quiet syllables so narration is as easy to hear as the music)
COMPAND="gain -8 compand 0.02,0.25 6:-70,-60,-20 -5 -90 0.05"

# speak OUT_WAV VOICE SPEED PITCH TEXT
speak() {
  printf '%s\n' "$5" >"$TMP/speak.txt"
  espeak-ng -v "$2" -s "$3" -p "$4" -g 2 -f "$TMP/speak.txt" -w "$1"
}

# underlay OUT_WAV SECONDS ROOT_MIDI RATE -> very quiet slow pad (I vi IV V, 6 s per chord)
underlay() {
  local out=$1 secs=$2 root=$3 rate=$4 d list=() i=0 c1 c2 c3
  local chords=(0 5 3 4) total=0
  while awk "BEGIN { exit !($total < $secs) }"; do
    d=${chords[$(( i % 4 ))]}
    read -r c1 c2 c3 <<<"$(chord_tones "$root" "$d")"
    "${SOX[@]}" -n -r "$rate" "$TMP/ul-$i.wav" synth 6 sine "$(note "$c1")" sine "$(note "$c2")" sine "$(note "$c3")" \
      sine "$(note $(( c1 - 12 )))" remix - fade h 2 6 2
    list+=( "$TMP/ul-$i.wav" ); i=$(( i + 1 )); total=$(( total + 6 ))
  done
  "${SOX[@]}" "${list[@]}" "$out" trim 0 "$secs" fade t 2 -0 3 norm -1
  rm -f "$TMP"/ul-*.wav
}

# jingle OUT_WAV RATE ROOT_MIDI -> 3.5 s plucked arpeggio (podcast intro/outro)
jingle() {
  local out=$1 rate=$2 root=$3 c1 c2 c3
  read -r c1 c2 c3 <<<"$(chord_tones "$root" 0)"
  "${SOX[@]}" -n -r "$rate" "$out" synth 3.5 pl "$(note "$c1")" pl "$(note "$c2")" pl "$(note "$c3")" \
    pl "$(note $(( c1 + 12 )))" pl "$(note $(( c2 + 12 )))" pl "$(note $(( c1 - 12 )))" \
    delay 0 0.18 0.36 0.54 0.72 0.72 remix - trim 0 3.5 gain -6 reverb 40 fade h 0.01 3.5 1.2 norm -3
}

# sermon_audio OUT_WAV VOICE SPEED PITCH ROOT TEXT -> narration padded, over a quiet pad (22050 Hz mono)
sermon_audio() {
  local out=$1 voice=$2 speed=$3 pitch=$4 root=$5 text=$6 secs
  speak "$TMP/voice.wav" "$voice" "$speed" "$pitch" "$text"
  "${SOX[@]}" "$TMP/voice.wav" -r 22050 "$TMP/voice-pad.wav" $COMPAND pad 1.5 2.5 norm -1
  secs=$(soxi -D "$TMP/voice-pad.wav")
  underlay "$TMP/under.wav" "$secs" "$root" 22050
  "${SOX[@]}" -m -v 1.0 "$TMP/voice-pad.wav" -v 0.07 "$TMP/under.wav" "$out" norm -1.5
}

# sermon_video N SLUG TITLE SPEAKER CATEGORY SCRIPTURE VOICE SPEED PITCH ROOT PALETTE GRADTYPE TEXT
sermon_video() {
  local n=$1 slug=$2 title=$3 speaker=$4 category=$5 scripture=$6 voice=$7 speed=$8 pitch=$9
  local root=${10} pal=${11} gtype=${12} text=${13} secs file="sermon-$n-$slug.mp4"
  sermon_audio "$TMP/sermon-$n.wav" "$voice" "$speed" "$pitch" "$root" "$text"
  secs=$(soxi -D "$TMP/sermon-$n.wav")
  "${FF[@]}" -f lavfi -i "$(gradient_src 640 360 "$pal" "$gtype" "$(( 10#$n ))" 0.02)" -i "$TMP/sermon-$n.wav" \
    -filter_complex "[0:v]vignette=PI/5,$(text_filter 640 360 "$title" "$speaker  |  $scripture" "SERMON  |  $category" 44 1),format=yuv420p[v]" \
    -map "[v]" -map 1:a -t "$secs" -map_metadata -1 \
    -c:v libx264 -preset slow -crf 32 -maxrate 180k -bufsize 360k -profile:v main -pix_fmt yuv420p -g 96 -threads 1 \
    -c:a aac -b:a 48k -ac 1 -ar 22050 \
    -metadata title="$title" -metadata artist="$speaker" -movflags +faststart \
    -fflags +bitexact -flags:v +bitexact -flags:a +bitexact "$OUT/$file"
  echo "  made $file"
  thumbnail "thumb-sermon-$n.jpg" "$title" "$speaker" "SERMON  |  $category" "$pal" "$gtype" "$(( 10#$n ))"
}

# sermon_mp3 N SLUG TITLE SPEAKER CATEGORY VOICE SPEED PITCH ROOT PALETTE GRADTYPE TEXT
sermon_mp3() {
  local n=$1 slug=$2 title=$3 speaker=$4 category=$5 voice=$6 speed=$7 pitch=$8
  local root=$9 pal=${10} gtype=${11} text=${12} file="sermon-$n-$slug.mp3"
  sermon_audio "$TMP/sermon-$n.wav" "$voice" "$speed" "$pitch" "$root" "$text"
  "${FF[@]}" -i "$TMP/sermon-$n.wav" -map_metadata -1 -c:a libmp3lame -b:a 64k -ac 1 -ar 22050 \
    -metadata title="$title" -metadata artist="$speaker" -metadata album="Sermons" -metadata genre="Speech" \
    -fflags +bitexact -flags:a +bitexact "$OUT/$file"
  echo "  made $file"
  thumbnail "thumb-sermon-$n.jpg" "$title" "$speaker" "SERMON  |  $category" "$pal" "$gtype" "$(( 10#$n ))"
}

# Podcast hosts: lines starting "D:" are read by David (male voice), "N:" by Naomi (female voice).
VOICE_D=(en-us+m3 150 42)
VOICE_N=(en-us+f3 155 55)

# podcast N SLUG TITLE HOSTS SHOW ROOT PALETTE GRADTYPE SCRIPT
podcast() {
  local n=$1 slug=$2 title=$3 hosts=$4 show=$5 root=$6 pal=$7 gtype=$8 script=$9
  local file="podcast-$n-$slug.mp3" list=() i=0 line who words
  jingle "$TMP/jingle.wav" 22050 "$root"
  "${SOX[@]}" -n -r 22050 -c 1 "$TMP/gap.wav" trim 0 0.45
  list+=( "$TMP/jingle.wav" )
  while IFS= read -r line; do
    [[ -z "$line" ]] && continue
    who=${line%%:*}; words=${line#*:}
    case "$who" in
      D) speak "$TMP/line-$i.wav" "${VOICE_D[@]}" "$words" ;;
      N) speak "$TMP/line-$i.wav" "${VOICE_N[@]}" "$words" ;;
      *) echo "bad podcast line: $line" >&2; exit 1 ;;
    esac
    "${SOX[@]}" "$TMP/line-$i.wav" -r 22050 "$TMP/line-n-$i.wav" $COMPAND norm -1
    list+=( "$TMP/line-n-$i.wav" "$TMP/gap.wav" ); i=$(( i + 1 ))
  done <<<"$script"
  list+=( "$TMP/jingle.wav" )
  "${SOX[@]}" "${list[@]}" "$TMP/podcast-$n.wav" norm -1.5
  "${FF[@]}" -i "$TMP/podcast-$n.wav" -map_metadata -1 -c:a libmp3lame -b:a 48k -ac 1 -ar 22050 \
    -metadata title="$title" -metadata artist="$hosts" -metadata album="$show" -metadata genre="Podcast" \
    -fflags +bitexact -flags:a +bitexact "$OUT/$file"
  rm -f "$TMP"/line-*.wav
  echo "  made $file ($i lines)"
  thumbnail "thumb-podcast-$n.jpg" "$title" "$hosts" "PODCAST  |  $show" "$pal" "$gtype" "$(( 200 + 10#$n ))"
}

# ================================================================ sermons

echo "Sermons"

sermon_video 01 grace-that-finds-us "Grace That Finds Us" "Pastor David Mensah" "Faith & Grace" "Luke 15:4-7" \
  en-us+m3 145 40 62 "1d3557,457b9d,e9c46a" 0 \
"Grace that finds us.
Grace is not a reward for the people who have it all together. Grace is God coming to find us right where we are.
Think of the shepherd in Luke chapter fifteen. He leaves the ninety nine, and goes after the one sheep that wandered off. He goes out. He searches. And when he finds it, he carries it home on his shoulders, rejoicing.
That is the heart of God toward you today. Whatever you are carrying, whatever you regret, you are not too far away to be found.
So this week, let grace find you. And let it make you gentle with everyone who is still finding their way home."

sermon_video 02 the-quiet-place-of-prayer "The Quiet Place of Prayer" "Naomi Asante" "Prayer" "Luke 5:16" \
  en-us+f3 145 50 65 "264653,2a9d8f,a8dadc" 1 \
"The quiet place of prayer.
Luke tells us that Jesus often withdrew to lonely places and prayed. The crowds were growing. The needs were endless. And still, he stepped away to be alone with the Father.
If Jesus needed a quiet place, so do we. It can be a kitchen table before sunrise, a parked car, or a short walk at lunch.
Start small. Five minutes. Say thank you for three things, then simply tell God what is on your heart, and leave a little silence to listen.
The world will always be loud. But the Father is waiting in the quiet, and he is glad when you come."

sermon_video 03 a-home-built-on-love "A Home Built on Love" "Pastor David Mensah" "Family" "1 Corinthians 13:4-7" \
  en-us+m3 145 40 60 "6d2e46,a26769,d4a59a" 1 \
"A home built on love.
Love is patient, love is kind. It keeps no record of wrongs. Most of us have heard these words at a wedding, but they were written for ordinary days, for busy kitchens and tired evenings.
A home built on love is not a perfect home. It is a home where people say sorry, and mean it. Where children are listened to, and where grandparents are honored.
This week, choose one small act of patience at home.
Brick by brick, kindness by kindness, that is how God builds a household that will stand."

sermon_mp3 04 walking-through-the-psalms "Walking Through the Psalms" "Naomi Asante" "Bible Study" \
  en-us+f3 145 50 64 "283618,4f772d,f2e8cf" 0 \
"Walking through the Psalms. Today, Psalm twenty three.
The Lord is my shepherd, I shall not want. He makes me lie down in green pastures. He leads me beside still waters. He restores my soul.
Notice who does the work in these first verses. The shepherd makes, the shepherd leads, the shepherd restores. The sheep simply follow.
Then the psalm turns. Even though I walk through the valley of the shadow of death, I will fear no evil, for you are with me. David stops talking about God, and starts talking to him. In the darkest valley, prayer becomes personal.
And the psalm ends at a table. You prepare a table before me. Goodness and mercy shall follow me all the days of my life.
Whatever valley you are walking through, you are not walking alone. The shepherd is with you, and there is a table waiting at the end of the road."

sermon_mp3 05 faith-in-the-waiting "Faith in the Waiting" "Elder Grace Boateng" "Faith & Grace" \
  en-us+m3 145 40 57 "14213d,3a506b,fca311" 1 \
"Faith in the waiting.
Nobody likes waiting rooms. We wait for test results, for a job offer, for a prodigal child to call home, for a prayer that seems to go unanswered.
Abraham and Sarah waited twenty five years for the promise of a son. Their faith was not perfect. They laughed, they doubted, they tried to take shortcuts. And yet God was faithful.
Isaiah says, those who wait on the Lord shall renew their strength. They shall mount up with wings like eagles. They shall run, and not be weary. They shall walk, and not faint.
Waiting on God is not doing nothing. It is trusting while you keep walking. It is showing up, praying again, and believing that the God who promised is still at work, even when you cannot see it yet.
If you are in a season of waiting, take heart. You are not forgotten."

sermon_mp3 06 teach-us-to-pray "Teach Us to Pray" "Deacon Michael Osei" "Prayer" \
  en-us+m3 145 40 67 "3c1642,086375,1dd3b0" 0 \
"Teach us to pray.
One day the disciples watched Jesus pray, and afterwards they asked him, Lord, teach us to pray. They did not ask him to teach them to preach or to perform miracles. They asked about prayer.
And Jesus gave them a pattern. Our Father in heaven. Prayer begins with relationship. We are children speaking to a loving parent.
Your kingdom come, your will be done. Prayer lines up our hopes with God's good purposes.
Give us today our daily bread. Nothing is too small to bring to him.
Forgive us, as we forgive others. Prayer heals our relationships, with God and with one another.
And lead us not into temptation, but deliver us from evil. Prayer asks for strength for the road ahead.
You do not need fancy words. Start with Our Father, and keep talking."

# ================================================================ songs

echo "Songs"
#    N  slug                         title                         artist                        album               root bpm prog      style  wave      passes melody   palette                 gradtype
song 01 sunrise-praise              "Sunrise Praise"               "Gathering Worship Band"     "Sunrise Sessions"   60 112 "0 4 5 3" up     triangle 4 "2 1 0 1" "f4a261,e76f51,ffe8d6" 0
song 02 still-waters                "Still Waters"                 "Naomi Asante"               "Quiet Places"       67 72  "0 3 5 4" wave   sine     3 "0 2 1 1" "0a9396,94d2bd,e9d8a6" 1
song 03 evening-hymn                "Evening Hymn"                 "Sanctuary Choir"            "Hymns at Home"      65 80  "0 3 0 4" block  sine     3 "2 0 2 1" "22223b,4a4e69,c9ada7" 1
song 04 joy-in-the-harvest          "Joy in the Harvest"           "New Hope Gospel Singers"    "Harvest Songs"      62 100 "0 5 3 4" gospel triangle 3 "0 1 2 1" "bc6c25,dda15e,e9c46a" 0
song 05 mercy-like-rain             "Mercy Like Rain"              "Naomi Asante"               "Quiet Places"       69 68  "5 3 0 4" wave   sine     3 "1 2 0 2" "023e8a,0096c7,48cae4" 0
song 06 lift-your-voices            "Lift Your Voices"             "Gathering Worship Band"     "Sunrise Sessions"   64 120 "0 4 5 3" up     triangle 4 "0 1 1 2" "ff006e,fb5607,ffbe0b" 1
song 07 faithful-through-the-ages   "Faithful Through the Ages"    "Sanctuary Choir"            "Hymns at Home"      58 84  "0 3 4 0" block  sine     3 "2 1 0 2" "5e503f,a9927d,c8b6a6" 0
song 08 walk-in-the-light           "Walk in the Light"            "New Hope Gospel Singers"    "Harvest Songs"      63 96  "0 2 3 4" gospel triangle 3 "1 0 2 0" "7209b7,f72585,4cc9f0" 1

# ================================================================ podcasts

echo "Podcasts"

podcast 01 starting-the-day-with-gratitude "Starting the Day with Gratitude" "Naomi Asante & Pastor David Mensah" "Daily Devotions" \
  60 "ffb703,fb8500,8ecae6" 0 \
"N: Good morning, and welcome to Daily Devotions. I'm Naomi.
D: And I'm David. Today we're talking about starting the day with gratitude.
N: Psalm one hundred and eighteen says, this is the day the Lord has made. Let us rejoice and be glad in it.
D: I love that it says this day. Not a better day next week. This one, with the traffic and the dishes and the emails.
N: So here's a simple practice. Before you check your phone, name three things you're thankful for. Say them out loud if you can.
D: Mine this morning were hot coffee, my daughter's laugh, and the fact that my knee didn't hurt on the stairs.
N: That counts! Gratitude doesn't have to be grand. It just has to be honest.
D: Try it tomorrow, and let us know how it goes. Have a blessed day."

podcast 02 the-story-of-ruth "The Story of Ruth" "Naomi Asante & Pastor David Mensah" "Bible Conversations" \
  65 "6a4c93,1982c4,8ac926" 1 \
"D: Welcome to Bible Conversations. Today Naomi and I are opening the book of Ruth.
N: Which, as someone named Naomi, I have strong feelings about.
D: Of course! So, quick summary. A widow named Naomi loses her husband and both sons, far from home.
N: And her daughter in law, Ruth, refuses to leave her. She says, where you go I will go, and your people will be my people.
D: What strikes me is that Ruth is a foreigner. She has every reason to go back to her own family. Instead she chooses loyalty.
N: And God honors that. Ruth gleans in the fields of Boaz, he treats her with kindness, and eventually she becomes the great grandmother of King David.
D: It's a reminder that God's story has always had room for outsiders.
N: And that small acts of faithfulness matter more than we know. Read chapter one this week, and we'll pick it up next time."

podcast 03 from-doubt-to-hope "From Doubt to Hope" "Naomi Asante & Pastor David Mensah" "Stories of Faith" \
  57 "335c67,9e2a2b,e09f3e" 0 \
"N: This is Stories of Faith, where members share how God met them. I'm Naomi, here with Pastor David.
D: Today I want to tell a story from our own congregation, shared with permission. We'll call him Tom.
N: Tom came to us after losing his job. He told me later that he wasn't sure God was listening anymore.
D: He sat in the back row for months. He didn't sing, he didn't stay for coffee. But he kept coming.
N: And then the men's group invited him to help fix up the food pantry shelves.
D: He said that was the first time in a year he felt useful. Serving others cracked something open.
N: Tom found a new job that spring. But he says the real answer to prayer was finding a family.
D: If you're in the back row right now, doubting, you are welcome here. Keep coming. Hope often arrives quietly."

podcast 04 rest-for-the-weary "Rest for the Weary" "Naomi Asante & Pastor David Mensah" "Daily Devotions" \
  62 "2b2d42,8d99ae,5c677d" 1 \
"D: Welcome back to Daily Devotions. Naomi, how are you really doing this week?
N: Honestly? Tired. The kind of tired that sleep doesn't fix.
D: I think a lot of us know that feeling. Jesus says in Matthew eleven, come to me, all you who are weary and burdened, and I will give you rest.
N: I notice he doesn't say, try harder. He says, come.
D: Right. Rest starts with coming to him, not with clearing our schedule. Though clearing a little might help too.
N: So today, one invitation. Find ten minutes with nothing to do. No phone, no list. Just breathe, and pray that verse slowly.
D: Come to me. I will give you rest. Take care of yourselves, friends. See you tomorrow."

# ================================================================ verify

echo
echo "Verifying with ffprobe"
total=0
fail=0
printf '  %-46s %9s %9s\n' file bytes seconds
for f in "$OUT"/*.mp4 "$OUT"/*.mp3 "$OUT"/*.jpg; do
  name=$(basename "$f")
  size=$(stat -c %s "$f")
  total=$(( total + size ))
  if [[ "$name" == *.jpg ]]; then
    dims=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0:s=x "$f")
    [[ "$dims" == 480x270 ]] || { echo "  BAD $name: $dims" >&2; fail=1; }
    printf '  %-46s %9d %9s\n' "$name" "$size" "$dims"
  else
    dur=$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$f")
    awk "BEGIN { exit !($dur > 0) }" || { echo "  BAD $name: duration $dur" >&2; fail=1; }
    printf '  %-46s %9d %9.2f\n' "$name" "$size" "$dur"
  fi
done
printf '  %-46s %9d (%s MB)\n' TOTAL "$total" "$(calc "$total / 1048576")"
if (( total >= 15 * 1024 * 1024 )); then echo "error: demo media exceeds 15 MB" >&2; fail=1; fi
if (( fail )); then echo "error: verification failed; $DEST left unchanged" >&2; exit 1; fi

rm -f "$DEST"/sermon-*.mp4 "$DEST"/sermon-*.mp3 "$DEST"/song-*.mp3 "$DEST"/podcast-*.mp3 "$DEST"/thumb-*.jpg
mv "$OUT"/* "$DEST"/
echo "Wrote $(find "$DEST" -maxdepth 1 -type f ! -name '*.md' | wc -l) files to ${DEST#"$ROOT"/}/"
