// `--quick` (P42, P236): every benchmark runs, each on a small dataset, so that CI's short run
// exercises all of them (a benchmark that no longer runs fails CI) and judges each ratio against
// its floor. The sizes are environment defaults set here, before any benchmark module reads its
// own (run.ts imports this module first); a variable set by the caller wins.
const QUICK_SIZES: Record<string, string> = {
  // feeds, feeds_hostile, feeds_dry_run: 2 000 cars instead of 30 000
  BENCH_FEED_CARS: '2000',
  // panel: 2 000 cars and 500 leads instead of 20 000 and 5 000
  BENCH_PANEL_CARS: '2000',
  BENCH_PANEL_LEADS: '500',
  // photo_import_1000: 5 cars × 10 photos instead of 100
  BENCH_PHOTO_IMPORT_CARS: '5',
  // photo_throughput: 80 photos instead of 2 000
  BENCH_PHOTO_TP_PHOTOS: '80',
  // … beside sharp alone on 40 photos instead of 400
  BENCH_PHOTO_TP_BASELINE_IMAGES: '40',
  // photo-upload: 2 uploads instead of 8
  BENCH_UPLOAD_RUNS: '2',
  // stats_scale: the "large" store of 20 000 cars (built in seconds) instead of 1 000 000
  BENCH_STATS_CARS: '20000',
  // scale: one round; 12 cars with photos in the whole topology instead of 30
  BENCH_SCALE_ROUNDS: '1',
  BENCH_SCALE_ONCE_CARS: '12',
};

const QUICK_RUN = process.argv.includes('--quick');
if (QUICK_RUN) for (const [name, value] of Object.entries(QUICK_SIZES)) process.env[name] ??= value;
