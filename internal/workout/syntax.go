package workout

// syntaxDoc is the reference served to models; syntax_test.go keeps it short and
// checks that every example in it parses as it says.
const syntaxDoc = "# Intervals.icu workout text\n\n" +
	"One step per line, starting with `- `: optional cue text, then a duration or distance, then a target.\n\n" +
	"```\nWarmup\n- 10m ramp 50-75%\n\nMain set 5x\n- 3m 110% 95rpm\n- 2m Z1\n\n- Cooldown 10m 55%\n```\n\n" +
	"**Duration**: `30s`, `10m` (minutes), `20min`, `1h`, `1h30m`, `5m30s`, whole numbers only.\n" +
	"**Distance**: `400mtr`, `2km`, `1mi`, `200yrd`.\n\n" +
	"**Targets**\n" +
	"- power: `75%` (of FTP), `88-94%`, `220w`, `200-240w`, `Z2`, `Z3-Z4`\n" +
	"- heart rate: `70% HR` (of max HR), `95% LTHR`, `Z2 HR` (no bpm: write % LTHR)\n" +
	"- pace: `90% Pace` (of threshold pace), `Z2 Pace`, `5:00/km Pace`, `4:30-4:50/km Pace`, `1:45/100m Pace`, `7:30/mi Pace`\n" +
	"- `ramp 50-75%` (any kind), `freeride` (ERG off), cadence `90rpm` after the target\n\n" +
	"**Repeats**: a line `5x` or `Main set 5x`, its steps right below, a blank line before and after the block. No nested repeats.\n\n" +
	"**Traps**\n" +
	"- `400m` is 400 *minutes*: write `400mtr` or `0.4km` for metres.\n" +
	"- An absolute pace needs the word `pace`: `- 5m 4:30/km Pace`, not `- 5m 4:30/km`.\n" +
	"- The cue text is what comes before the first duration or target; after that words are dropped. A line's last duration and last target win: cue text with `2km`, `30s`, `Z2` or `200w` changes the step. Write `two km`.\n" +
	"- Every step line starts with `- ` and has a duration or distance; `5:00` is not a duration (write `5m`).\n" +
	"- A step line without a duration or distance is dropped. Unknown units (`10mins`, `5k`, `400meters`, `23.5s`) are cue text.\n" +
	"- Ranges take a hyphen: `85-95rpm`; with an en dash (`85–95rpm`) only the first value is read.\n" +
	"- A ramp needs two values: `ramp 50-75%`.\n" +
	"- In a run or swim, `Z2` and `75%` alone are power: write `Z2 HR`, `Z2 Pace`, `75% Pace`.\n" +
	"- Plausibility: over 200% FTP for more than 5 minutes, over 100% of max HR.\n\n" +
	"**Plain units** (structured steps): duration in seconds or h:mm:ss, distance `400m` (metres here), `5km`, " +
	"target `75% FTP`, `220W`, `Z2` (in a run `Z2 power`), `70% maxHR`, `95% LTHR`, `145bpm` (written as % LTHR), `Z2 HR`, `90% pace`, `Z2 pace`, " +
	"`4:35/km`, `1:45/100m`, `100% VMA`, `ramp 50-75% FTP`, `freeride`; cadence `90rpm`.\n"

// Syntax returns a short Markdown reference of Intervals.icu workout text and its
// traps, and of the plain units Build accepts.
func Syntax() string { return syntaxDoc }
