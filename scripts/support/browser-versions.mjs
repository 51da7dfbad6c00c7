/**
 * Prints the version of each browser a suite is about to drive, so a CI log
 * says which Chromium and Firefox a result was had with (Debian moves both
 * within a release; README, "Browsers", names the ones the suite is known to
 * pass with).
 */
import { spawnSync } from 'node:child_process';

/** `browsers`: [label, executable path] pairs. */
export function printVersions(browsers) {
  for (const [label, path] of browsers) {
    // Debian's chromium wrapper prints a shell warning on stderr on hosts with much memory: keep stdout only.
    const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 20_000 });
    const version =
      result.status === 0
        ? result.stdout.trim()
        : `did not answer --version (${result.error?.message ?? `exit ${result.status}`})`;
    console.log(`${label}: ${version} (${path})`);
  }
}
