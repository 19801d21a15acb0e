// Preloaded (`node --require`) into a profiled bench baseline: a clean exit on SIGTERM, so that `--cpu-prof` writes its profile.
process.once('SIGTERM', () => process.exit(0));
