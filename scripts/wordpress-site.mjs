// A throwaway WordPress on loopback for `npm run test:wordpress`: Debian's `wordpress` package
// copied into a temporary folder (its own wp-config.php and wp-content), a private MariaDB
// server on a Unix socket (no TCP port), and PHP's built-in server with several workers in
// front. Nothing is fetched from outside: WP_HTTP_BLOCK_EXTERNAL keeps WordPress from calling
// home, so the only HTTP it makes goes to this machine.
import {spawn, spawnSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const wordpressSource = process.env.WORDPRESS_DIR ?? '/usr/share/wordpress';

/** A free loopback port (the kernel's pick, released at once). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** What the test needs from the machine; a missing piece is named with the package to install. */
export function missingPrerequisites() {
  const missing = [];
  if (!existsSync(join(wordpressSource, 'wp-settings.php'))) missing.push('wordpress');
  if (!existsSync(join(wordpressSource, 'wp-content/themes/twentytwentythree')))
    missing.push('wordpress-theme-twentytwentythree');
  if (spawnSync('php', ['-r', 'exit(extension_loaded("mysqli") ? 0 : 1);']).status !== 0)
    missing.push('php-cli php-mysql');
  if (spawnSync('mariadbd', ['--version']).status !== 0) missing.push('mariadb-server');
  return missing;
}

/** Resolves once `check` returns true, polling each `ms` (a process's start has no event). */
async function until(what, check, {ms = 100, limit = 120_000} = {}) {
  const started = Date.now();
  while (!(await check())) {
    // A guard against a start that never happens, generous for a busy 2-core machine.
    if (Date.now() - started > limit) throw new Error(`${what} did not happen`);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {encoding: 'utf8', ...options});
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  }
  return result.stdout;
}

/**
 * Starts MariaDB and WordPress, installs WordPress (site title, an administrator) and sets
 * pretty permalinks. Resolves with `{url, root, admin: {user, password}, php(code), stop()}`.
 */
export async function startWordPress() {
  const root = mkdtempSync(join(tmpdir(), 'configurator-wordpress-'));
  const children = [];
  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // The whole group: PHP's server forks its workers, which outlive a signal to it alone.
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
    }
    rmSync(root, {recursive: true, force: true});
  };
  try {
    // The database: a private server on a socket inside the temporary folder.
    const data = join(root, 'db');
    const socket = join(root, 'mysql.sock');
    run('mariadb-install-db', [
      '--no-defaults',
      `--datadir=${data}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ]);
    const mariadb = spawn(
      'mariadbd',
      [
        '--no-defaults',
        `--datadir=${data}`,
        `--socket=${socket}`,
        `--pid-file=${join(root, 'mysql.pid')}`,
        '--skip-networking',
        '--user=root',
        '--innodb-buffer-pool-size=32M',
        '--innodb-flush-log-at-trx-commit=0',
        '--skip-log-bin',
      ],
      {stdio: ['ignore', 'ignore', 'pipe'], detached: true},
    );
    children.push(mariadb);
    let mariadbLog = '';
    mariadb.stderr.on('data', (chunk) => (mariadbLog += chunk));
    await until('MariaDB start', () => {
      if (mariadb.exitCode !== null) throw new Error(`mariadbd exited: ${mariadbLog}`);
      return spawnSync('mariadb', ['-S', socket, '-u', 'root', '-e', 'SELECT 1']).status === 0;
    });
    run('mariadb', ['-S', socket, '-u', 'root', '-e', 'CREATE DATABASE wordpress']);

    // WordPress: a private copy, since Debian's wp-config.php reads /etc/wordpress.
    const wp = join(root, 'wp');
    // Debian links some files to its shared JavaScript packages; PHP's server does not follow
    // links out of its document root, so the copy holds the files themselves.
    cpSync(wordpressSource, wp, {recursive: true, dereference: true});
    rmSync(join(wp, 'wp-content'), {recursive: true, force: true});
    mkdirSync(join(wp, 'wp-content/plugins'), {recursive: true});
    mkdirSync(join(wp, 'wp-content/uploads'), {recursive: true});
    cpSync(join(wordpressSource, 'wp-content/themes'), join(wp, 'wp-content/themes'), {
      recursive: true,
      dereference: true,
    });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const salt = () => randomBytes(32).toString('hex');
    const keys = ['AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE']
      .flatMap((name) => [`${name}_KEY`, `${name}_SALT`])
      .map((name) => `define('${name}', '${salt()}');`)
      .join('\n');
    writeFileSync(
      join(wp, 'wp-config.php'),
      `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:${socket}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${keys}
$table_prefix = 'wp_';
define('WP_HOME', '${url}');
define('WP_SITEURL', '${url}');
define('FS_METHOD', 'direct');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WP_DEBUG', true);
define('WP_DEBUG_LOG', '${join(root, 'debug.log')}');
define('WP_DEBUG_DISPLAY', false);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
    );
    // PHP's built-in server serves files as they are and hands every other path to WordPress.
    const router = join(root, 'router.php');
    writeFileSync(
      router,
      `<?php
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$file = ${JSON.stringify(wp)} . $path;
if ($path !== '/' && (is_file($file) || is_file(rtrim($file, '/') . '/index.php'))) return false;
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = ${JSON.stringify(join(wp, 'index.php'))};
require ${JSON.stringify(join(wp, 'index.php'))};
`,
    );
    const php = (code) =>
      run('php', ['-d', 'display_errors=stderr', '-r', code], {
        cwd: wp,
        env: {...process.env, HTTP_HOST: `127.0.0.1:${port}`},
      });
    const admin = {user: 'admin', password: randomBytes(12).toString('hex')};
    php(`
      define('WP_INSTALLING', true);
      $_SERVER['HTTP_HOST'] = '127.0.0.1:${port}';
      require 'wp-load.php';
      require ABSPATH . 'wp-admin/includes/upgrade.php';
      wp_install('Configurator Shop', '${admin.user}', 'admin@shop.test', true, '', '${admin.password}');
      update_option('permalink_structure', '/%postname%/');
    `);
    const server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', wp, router], {
      cwd: wp,
      env: {...process.env, PHP_CLI_SERVER_WORKERS: '4'},
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    children.push(server);
    let serverLog = '';
    server.stderr.on('data', (chunk) => (serverLog = (serverLog + chunk).slice(-20_000)));
    await until('WordPress start', async () => {
      if (server.exitCode !== null) throw new Error(`php -S exited: ${serverLog}`);
      try {
        return (await fetch(`${url}/wp-login.php`)).status === 200;
      } catch {
        return false;
      }
    });
    /** Runs PHP with WordPress loaded (for checks only: the browser does what a user does). */
    const wpPhp = (code) => php(`require 'wp-load.php'; ${code}`);
    return {url, root, wp, admin, php: wpPhp, serverLog: () => serverLog, stop};
  } catch (error) {
    await stop();
    throw error;
  }
}
