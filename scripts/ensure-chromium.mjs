// Browser tests drive Debian's Chromium (test tools cannot download browsers here). Install it with apt
// when it is missing and we are allowed to; otherwise say exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Chromium itself, and a font with the peso sign (₱) so screenshots show amounts as borrowers see them.
const PACKAGES = ['chromium', 'fonts-noto-core'];

function missingPackages() {
  return PACKAGES.filter((name) => {
    try {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format syntax
      const status = execFileSync('dpkg-query', ['-W', '--showformat=${Status}', name], { encoding: 'utf8' });
      return !status.includes('install ok installed');
    } catch {
      return true;
    }
  });
}

function canInstall() {
  return process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

const missing = existsSync('/usr/bin/dpkg-query') ? missingPackages() : [];
if (!existsSync(CHROMIUM_PATH) || missing.length > 0) {
  const wanted = missing.length > 0 ? missing : PACKAGES;
  if (!canInstall()) {
    if (existsSync(CHROMIUM_PATH)) process.exit(0);
    console.error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}. Install it: sudo apt-get install ${wanted.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${wanted.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...wanted], {
    stdio: 'inherit',
    env,
  });
}
